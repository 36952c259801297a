"use client";

import { useQuery } from "@tanstack/react-query";
import { useWallet } from "@/components/chat/use-wallet";
import { QueryIsland } from "@/components/query/query-island";
import { heldPlanOf, SUBSCRIPTION_STATUS } from "@/lib/billing/plan-rules";
import { subscriptionProductsQuery } from "@/lib/billing/product-queries";
import { formatExpiryDate } from "@/lib/format/money";
import { CoinsButton, SubscribeButton } from "./header-billing-buttons";
import { useSubscriptionInfo } from "./use-subscription-info";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in header's plan state and coin balance, loaded with their data (header-billing.tsx). */
export function SignedInBilling() {
  return (
    <QueryIsland>
      <PlanEntry />
      <BalanceEntry />
    </QueryIsland>
  );
}

function PlanEntry() {
  const info = useSubscriptionInfo({ enabled: true, staleTime: 60_000 });
  const held = heldPlanOf(info.data);
  const active = held !== null && info.data?.is_subscribe === true;
  // No cached list here: reading it needs zod (the dialogs show the cache).
  const plans = useQuery({ ...subscriptionProductsQuery(), enabled: active, staleTime: DAY_MS });
  const planName = plans.data?.product_list.find((p) => p.product_id === held?.productId)?.name ?? "Subscribed";

  let state = "Subscribe";
  if (active && held) {
    const until = formatExpiryDate(held.expireTimestamp);
    state =
      held.status === SUBSCRIPTION_STATUS.ACTIVE
        ? `${planName} plan, renews ${until}`
        : `${planName} plan, cancelled, ends ${until}`;
  }
  return <SubscribeButton active={active} planName={planName} state={state} />;
}

function BalanceEntry() {
  const wallet = useWallet();
  return <CoinsButton balance={wallet.data?.wallet_info.buy_coin} />;
}
