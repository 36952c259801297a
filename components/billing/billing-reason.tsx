"use client";

import { useDialogStore } from "@/stores/dialog-store";
import { InfoCircleIcon } from "./billing-icons";

/** Why this dialog opened by itself (a chat message refused), at its top: the chat's own notice is behind it. */
export function BillingReasonNotice() {
  const reason = useDialogStore((s) => s.billingReason);
  if (!reason) return null;
  return (
    <div
      data-testid="billing-reason"
      className="mb-4 flex items-start gap-3 rounded-xl border border-amber-600/40 bg-amber-500/10 px-4 py-3 text-sm text-foreground"
    >
      <InfoCircleIcon
        width={20}
        height={20}
        aria-hidden="true"
        className="mt-px shrink-0 text-amber-700 dark:text-amber-300"
      />
      <p>
        <span className="font-semibold">{reason.title}</span>
        {reason.hint ? <span className="block">{reason.hint}</span> : null}
      </p>
    </div>
  );
}
