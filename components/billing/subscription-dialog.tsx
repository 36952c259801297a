"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";
import { trackClick } from "@/lib/analytics/click-label";
import { heldPlanOf, planAction, selectedPlanId } from "@/lib/billing/plan-rules";
import { cancelSubscription, createSubscriptionOrder } from "@/lib/billing/subscribe-api";
import { useDialogStore } from "@/stores/dialog-store";
import { cardPosition } from "./card-position";
import { LoadFailed, Loading } from "./load-state";
import { BillingReasonNotice } from "./billing-reason";
import { PaymentBanner } from "./payment-banner";
import { PlanCard } from "./plan-card";
import { useProductsFailureToast, useSubscriptionProducts } from "./use-billing-data";
import { useSubscriptionInfo } from "./use-subscription-info";
import { useCheckout } from "./use-checkout";

export const SUBSCRIPTION_DIALOG_TITLE = "Choose your subscription";

/** In the sideways list of a phone, the chosen plan (the held one, or the default) is brought into view. */
function centreChosenPlan(list: HTMLElement): void {
  const card = list.querySelector<HTMLElement>('[data-selected="true"]');
  if (!card || list.scrollWidth <= list.clientWidth) return;
  list.scrollTo({ left: card.offsetLeft - (list.clientWidth - card.offsetWidth) / 2 });
}

/** SPEC §2 dialog 3: the plans, one action button, and the payment result banner. */
export function SubscriptionDialog() {
  const open = useDialogStore((s) => s.billingDialog === "subscription");
  const result = useDialogStore((s) => s.paymentResult);
  const products = useSubscriptionProducts({ enabled: open });
  const info = useSubscriptionInfo({ enabled: open });
  const { pending, checkout, cancel } = useCheckout();
  const [picked, setPicked] = useState<string | null>(null);
  const groupName = useId();
  useProductsFailureToast(products, "Failed to load subscription data");

  const plans = products.data?.product_list ?? [];
  const held = heldPlanOf(info.data);
  const selectedId = selectedPlanId(plans, picked, held?.productId ?? null);
  const selected = plans.find((p) => p.product_id === selectedId) ?? null;
  const action = planAction(selected, held, pending);
  const listRef = useRef<HTMLDivElement | null>(null);
  // The list mounts with the drawer, which can be a render after `open` changed: its ref centres it then.
  const attachList = useCallback((list: HTMLDivElement | null) => {
    listRef.current = list;
    if (list) centreChosenPlan(list);
  }, []);
  useEffect(() => {
    if (listRef.current) centreChosenPlan(listRef.current);
  }, [selectedId]);

  function onOpenChange(next: boolean) {
    if (next) return;
    useDialogStore.getState().closeBilling();
    setPicked(null);
  }

  function act() {
    if (!selected || action.disabled) return;
    if (action.kind === "cancel") void cancel(cancelSubscription);
    else checkout(() => createSubscriptionOrder(selected));
  }

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title={SUBSCRIPTION_DIALOG_TITLE}
      className="sm:max-w-4xl"
      // The chosen plan's radio, so arrows move from it and a screen reader starts there.
      initialFocus={() => listRef.current?.querySelector<HTMLElement>("input:checked")}
      footer={
        // Centred from 640px: toasts stack at the bottom right there, and the result of this very button (a cancel
        // toast, a failed order) must never sit on top of it.
        <Button
          onClick={act}
          disabled={action.disabled && !pending}
          busy={pending}
          variant={action.kind === "cancel" ? "secondary" : "primary"}
          data-testid="plan-action"
          {...(selected ? trackClick("subscribe_popup", `${action.kind}:${selected.product_id}`) : {})}
          aria-busy={pending || undefined}
          className="h-11 w-full sm:mx-auto sm:w-auto sm:min-w-48"
        >
          {pending ? <Spinner size="sm" label="Please wait" className="text-current" /> : null}
          {action.label}
        </Button>
      }
    >
      <BillingReasonNotice />
      <PaymentBanner dialog="subscription" result={result} />
      {products.data && plans.length === 0 ? (
        <p className="py-12 text-center text-sm text-muted-foreground">No plans are available right now.</p>
      ) : products.data ? (
        <fieldset className="min-w-0">
          <legend className="sr-only">Subscription plans</legend>
          <div
            ref={attachList}
            data-vaul-no-drag
            data-testid="plan-list"
            className="relative -mx-5 flex snap-x snap-mandatory gap-3 overflow-x-auto px-5 pt-1 pb-3 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-4 sm:overflow-visible sm:px-1 sm:pb-1"
          >
            {plans.map((plan, index) => (
              <PlanCard
                key={plan.product_id}
                plan={plan}
                position={cardPosition(index)}
                name={groupName}
                selected={plan.product_id === selectedId}
                heldUntil={held?.productId === plan.product_id ? held.expireTimestamp : null}
                onSelect={() => setPicked(plan.product_id)}
              />
            ))}
          </div>
        </fieldset>
      ) : products.isError ? (
        <LoadFailed what="plans" onRetry={() => void products.refetch()} />
      ) : (
        <Loading text="Loading subscription plans..." />
      )}
    </ResponsiveDialog>
  );
}
