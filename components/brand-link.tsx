import { BrandMark } from "@/components/brand-mark";
import { Link } from "@/components/ui/link";

/**
 * The "K" badge and the name, linking home: the site header's brand, and the way back on bare pages. `nameClassName`
 * styles the name (the header shows the badge alone on the narrowest screens; the name still names the link).
 */
export function BrandLink({ className = "", nameClassName = "" }: { className?: string; nameClassName?: string }) {
  return (
    <Link
      href="/"
      className={`flex shrink-0 items-center gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring ${className}`}
    >
      <BrandMark />
      <span
        className={`bg-linear-to-r from-primary to-pink-500 bg-clip-text text-xl font-extrabold tracking-tight text-transparent ${nameClassName}`}
      >
        Kewl
      </span>
    </Link>
  );
}
