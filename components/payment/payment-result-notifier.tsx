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

/** The provider named the order or checkout it returns from (sandbox and Stripe: ?order=, Stripe: ?session_id=). */
const namesPayment = (): boolean => {
  const query = new URLSearchParams(window.location.search);
  return Boolean(query.get("order") || query.get("session_id"));
};

type Situation = "opener" | "payment" | "none";
const situation = (): Situation => (hasListeningOpener() ? "opener" : namesPayment() ? "payment" : "none");

export const NO_PAYMENT = {
  title: "No payment to show",
  text: "This page shows how a payment on Kewl ended, and no payment led here.",
} as const;

/**
 * Tells the opener how the payment ended (its own origin only), then closes this tab. Without an opener it shows the
 * result itself, and opened with no payment at all (typed, bookmarked) it says so rather than claim one.
 */
export function PaymentResultNotifier({
  code,
  title,
  text,
}: {
  code: PaymentMessage["code"];
  title: string;
  text: string;
}) {
  const seen = useClientValue(situation, "opener");
  const withOpener = seen === "opener";
  useEffect(() => {
    if (!hasListeningOpener()) return;
    window.opener.postMessage({ code } satisfies PaymentMessage, window.location.origin);
    window.close();
  }, [code]);
  const shown = seen === "none" ? NO_PAYMENT : { title, text };
  return (
    <main className="py-16 text-center">
      <h1 className="text-2xl font-bold">{shown.title}</h1>
      <p className="mt-2 text-muted-foreground">{withOpener ? "Returning you to Kewl…" : shown.text}</p>
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
