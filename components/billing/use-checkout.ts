"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { isApiError, isUnauthorizedError } from "@/lib/api/errors";
import { BILLING_CODES } from "@/lib/contracts/billing-codes";
import type { OrderCreated } from "@/lib/contracts/billing-client";
import { openPaymentTab, runCheckout, type CheckoutOutcome } from "@/lib/payment/checkout-tab";
import { selectIsLoggedIn, useAuthStore } from "@/stores/auth-store";
import { useDialogStore } from "@/stores/dialog-store";
import { toast } from "@/stores/toast-store";
import { useBillingRefresh } from "./use-billing-refresh";

export const BILLING_TOASTS = {
  orderFailed: "Failed to create order",
  tryLater: "Please try again later",
  cancelled: "Subscription cancelled",
  cancelledText: "Your subscription has been cancelled successfully",
  cancelFailed: "Failed to cancel subscription",
  resumed: "Subscription resumed",
  resumedText: "Your subscription will renew as before",
} as const;

/** A more useful second line for the refusals a person can act on; the title stays SPEC §8's. */
function orderFailureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === BILLING_CODES.OTHER_PLAN_ACTIVE) return "Cancel your current plan before choosing another one";
    if (error.code === BILLING_CODES.PRODUCT_UNAVAILABLE) return "This product can't be bought right now";
    if (error.code === BILLING_CODES.PAYMENTS_UNAVAILABLE) return "Payments are not set up on this site yet";
  }
  return BILLING_TOASTS.tryLater;
}

/** SPEC §5: buying while signed out opens the login modal, closes the dialog and creates no order. */
function requireSignIn(): boolean {
  if (selectIsLoggedIn(useAuthStore.getState())) return true;
  const dialogs = useDialogStore.getState();
  dialogs.closeBilling();
  dialogs.openLogin();
  return false;
}

/**
 * The billing dialogs' requests: `checkout` runs the payment tab flow for an order, `cancel` cancels the held
 * plan. One request at a time; `pending` disables the action buttons meanwhile.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  const refresh = useBillingRefresh();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const begin = () => {
    if (busy.current) return false;
    busy.current = true;
    setPending(true);
    return true;
  };
  const end = () => {
    busy.current = false;
    setPending(false);
  };

  const onOutcome = useCallback(
    (outcome: CheckoutOutcome) => {
      switch (outcome.type) {
        case "redirected":
          // The result message can be lost (a provider page that cuts the tab off from its opener): whatever
          // happened, the plan and balance are loaded again when the person comes back to this tab.
          window.addEventListener("focus", () => void refresh(), { once: true });
          return;
        case "failed":
          // A price or status may have changed since the list was cached: the next try uses fresh lists.
          void queryClient.invalidateQueries({ queryKey: ["billing", "subscribe-products"] });
          void queryClient.invalidateQueries({ queryKey: ["billing", "coin-products"] });
          // An ended session is already told by the 401 handler (and the login modal follows).
          if (isUnauthorizedError(outcome.error)) return;
          console.warn("order creation failed", outcome.error);
          toast({
            title: BILLING_TOASTS.orderFailed,
            description: orderFailureText(outcome.error),
            variant: "destructive",
          });
          return;
        case "cancelled":
          toast({ title: BILLING_TOASTS.cancelled, description: BILLING_TOASTS.cancelledText });
          return void refresh();
        case "resumed":
          toast({ title: BILLING_TOASTS.resumed, description: BILLING_TOASTS.resumedText });
          return void refresh();
        case "no-payment":
          return void refresh();
      }
    },
    [queryClient, refresh],
  );

  /** Call straight from the click: the payment tab must open before anything is awaited. */
  const checkout = useCallback(
    (createOrder: () => Promise<OrderCreated>): void => {
      if (!requireSignIn() || !begin()) return;
      const tab = openPaymentTab();
      void runCheckout(tab, createOrder, {
        origin: window.location.origin,
        navigate: (url) => window.location.assign(url),
      })
        .then(onOutcome)
        .finally(end);
    },
    [onOutcome],
  );

  const cancel = useCallback(
    async (cancelPlan: () => Promise<unknown>): Promise<void> => {
      if (!requireSignIn() || !begin()) return;
      try {
        await cancelPlan();
        toast({ title: BILLING_TOASTS.cancelled, description: BILLING_TOASTS.cancelledText });
        await refresh();
      } catch (error) {
        if (!isUnauthorizedError(error)) {
          console.warn("cancelling the subscription failed", error);
          toast({ title: BILLING_TOASTS.cancelFailed, description: BILLING_TOASTS.tryLater, variant: "destructive" });
        }
      } finally {
        end();
      }
    },
    [refresh],
  );

  return { pending, checkout, cancel };
}
