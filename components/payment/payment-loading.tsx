"use client";

import { buttonClassName } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { useClientValue } from "@/components/use-client-value";

const hasOpener = () => !!window.opener;

/**
 * The tab a purchase click opens (ARCHITECTURE.md, payment tab flow): it waits here until its opener sends it to
 * the payment page. Opened any other way (a bookmark, a reload after the opener closed) nothing will come, so it
 * says so and links home.
 */
export function PaymentLoading() {
  const withOpener = useClientValue(hasOpener, true);
  if (!withOpener) {
    return (
      <main className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 text-center">
        <h1 className="text-2xl font-bold">No payment in progress</h1>
        <p className="text-muted-foreground">Start a purchase from Kewl and its payment page opens in a new tab.</p>
        <Link href="/" className={buttonClassName("primary", "md", "rounded-full px-6")}>
          Go back home
        </Link>
      </main>
    );
  }
  return (
    <main className="flex min-h-[60dvh] flex-col items-center justify-center gap-4" aria-busy="true">
      <span className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <p role="status">Preparing your secure payment page…</p>
    </main>
  );
}
