import { Link } from "@/components/ui/link";
import { PRIVACY_PATH, TERMS_PATH } from "@/lib/site/site-pages";

const LINK =
  "font-medium text-foreground underline underline-offset-2 rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * What creating an account agrees to. The links open a new tab (rel noopener), so the dialog keeps what was typed.
 */
export function TermsConsent() {
  return (
    <p className="text-center text-xs leading-5 text-muted-foreground">
      By creating an account you accept the{" "}
      <Link prefetch={false} href={TERMS_PATH} target="_blank" rel="noopener" className={LINK}>
        Terms of Service
      </Link>{" "}
      and the{" "}
      <Link prefetch={false} href={PRIVACY_PATH} target="_blank" rel="noopener" className={LINK}>
        Privacy Policy
      </Link>
      .
    </p>
  );
}
