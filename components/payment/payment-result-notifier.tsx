"use client";

import { useEffect } from "react";
import { Link } from "@/components/ui/link";
import { useClientValue } from "@/components/use-client-value";
import type { PaymentMessage } from "@/lib/payment/payment-message";

const hasLiveOpener = () => !!window.opener && !window.opener.closed;

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
  const withOpener = useClientValue(hasLiveOpener, true);
  useEffect(() => {
    if (!hasLiveOpener()) return;
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
