"use client";

import { useEffect } from "react";
import { Link } from "@/components/ui/link";
import { useClientValue } from "@/components/use-client-value";
import type { PaymentMessage } from "@/lib/payment/payment-message";

/**
 * An opener that will hear this tab: open, and on this page's origin. The provider returns the tab to
 * PUBLIC_BASE_URL, so a site opened under another host (127.0.0.1 for localhost, a www. name) has an opener
 * elsewhere: the message could not reach it, so this tab stays open with the result rather than closing on nothing.
 */
const hasListeningOpener = (): boolean => {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  try {
    return opener.location.origin === window.location.origin;
  } catch {
    // Another origin's location cannot be read.
    return false;
  }
};

/** Tells the opener how the payment ended (its own origin only), then closes this tab. */
export function PaymentResultNotifier({
  code,
  title,
  text,
}: {
  code: PaymentMessage["code"];
  title: string;
  text: string;
}) {
  const withOpener = useClientValue(hasListeningOpener, true);
  useEffect(() => {
    if (!hasListeningOpener()) return;
    window.opener.postMessage({ code } satisfies PaymentMessage, window.location.origin);
    window.close();
  }, [code]);
  return (
    <main className="py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{withOpener ? "Returning you to Kewl…" : text}</p>
      {withOpener ? null : (
        <Link
          href="/"
          className="mt-6 inline-flex h-10 items-center rounded-full bg-primary px-6 font-medium text-primary-foreground"
        >
          Go back home
        </Link>
      )}
    </main>
  );
}
