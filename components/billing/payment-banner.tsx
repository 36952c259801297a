"use client";

import type { BillingDialog, PaymentResult } from "@/stores/dialog-store";
import { CheckCircleIcon, InfoCircleIcon } from "./billing-icons";

/** SPEC §4 banners. */
export const PAYMENT_BANNERS = {
  subscription: { title: "Payment Successful", text: "Your subscription has been activated successfully!" },
  coins: { title: "Purchase Successful", text: "Coins have been added to your account successfully!" },
  cancel: { title: "Payment Cancelled", text: "Your payment was cancelled. You can try again anytime." },
} as const;

/** How the payment from this dialog ended, announced politely; nothing before the payment tab reports. */
export function PaymentBanner({ dialog, result }: { dialog: BillingDialog; result: PaymentResult }) {
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {result === null ? null : result === "success" ? (
        <Banner tone="success" {...PAYMENT_BANNERS[dialog]} />
      ) : (
        <Banner tone="neutral" {...PAYMENT_BANNERS.cancel} />
      )}
    </div>
  );
}

function Banner({ tone, title, text }: { tone: "success" | "neutral"; title: string; text: string }) {
  const success = tone === "success";
  const Icon = success ? CheckCircleIcon : InfoCircleIcon;
  return (
    <div
      data-testid="payment-banner"
      data-result={success ? "success" : "cancel"}
      className={`mb-4 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm motion-safe:animate-fade-in ${
        success
          ? "border-emerald-600/40 bg-emerald-600/10 text-emerald-900 dark:border-emerald-400/40 dark:text-emerald-100"
          : "border-border bg-muted text-foreground"
      }`}
    >
      <Icon
        width={20}
        height={20}
        className={`mt-px shrink-0 ${success ? "text-emerald-700 dark:text-emerald-300" : "text-muted-foreground"}`}
      />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5">{text}</p>
      </div>
    </div>
  );
}
