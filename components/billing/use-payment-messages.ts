"use client";

import { useEffect } from "react";
import { listenForPaymentMessages } from "@/lib/payment/payment-message";
import { useDialogStore } from "@/stores/dialog-store";
import { useBillingRefresh } from "./use-billing-refresh";

/**
 * A provider may confirm a payment (its webhook) a little after the payment tab came back: the data is loaded
 * again now and at these delays, so the dialog and the header catch up without a reload.
 */
const LATE_CONFIRMATION_REFRESH_MS = [3_000, 10_000] as const;

/**
 * SPEC §4: the payment tab's message. 'payment-success' reloads the subscription and the wallet and shows the
 * success banner; 'payment-cancel' shows the cancelled banner. Only same-origin objects with a code count, and the
 * banner only goes to a billing dialog that is open (closing it cleared the result).
 */
export function usePaymentMessages(): void {
  const refresh = useBillingRefresh();
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = listenForPaymentMessages((message) => {
      const success = message.code === "payment-success";
      if (success) {
        void refresh();
        for (const delay of LATE_CONFIRMATION_REFRESH_MS) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            void refresh();
          }, delay);
          timers.add(timer);
        }
      }
      const dialogs = useDialogStore.getState();
      if (dialogs.billingDialog) dialogs.setPaymentResult(success ? "success" : "cancel");
    });
    return () => {
      stop();
      timers.forEach(clearTimeout);
    };
  }, [refresh]);
}
