"use client";

import { CoinIcon } from "@/components/chat/chat-icons";
import { useWallet } from "@/components/chat/use-wallet";
import { buttonClassName } from "@/components/ui/button";
import { trackClick } from "@/lib/analytics/click-label";
import { heldPlanOf, SUBSCRIPTION_STATUS } from "@/lib/billing/plan-rules";
import { formatCount } from "@/lib/format/count";
import { formatExpiryDate } from "@/lib/format/money";
import { useDialogStore } from "@/stores/dialog-store";
import { prefetchBillingDialogs } from "./billing-loaders";
import { CrownIcon } from "./billing-icons";
import { useSubscriptionInfo, useSubscriptionProducts } from "./use-billing-data";

const DAY_MS = 24 * 60 * 60 * 1000;

const ENTRY = buttonClassName("ghost", "sm", "h-9 gap-1.5 rounded-full px-2.5 sm:px-3");

/**
 * The header's billing entries: the plan state (everyone may look at the plans, SPEC §6) and, when signed in,
 * the coin balance. Each opens its dialog.
 */
export function HeaderBilling({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <SubscribeEntry signedIn={signedIn} />
      {signedIn ? <CoinBalanceEntry /> : null}
    </>
  );
}

function SubscribeEntry({ signedIn }: { signedIn: boolean }) {
  const info = useSubscriptionInfo({ enabled: signedIn, staleTime: 60_000 });
  const held = signedIn ? heldPlanOf(info.data) : null;
  const active = held !== null && info.data?.is_subscribe === true;
  const plans = useSubscriptionProducts({ enabled: active, staleTime: DAY_MS });
  const planName = plans.data?.product_list.find((p) => p.product_id === held?.productId)?.name ?? "Subscribed";

  let state = "Subscribe";
  if (active && held) {
    const until = formatExpiryDate(held.expireTimestamp);
    state =
      held.status === SUBSCRIPTION_STATUS.ACTIVE
        ? `${planName} plan, renews ${until}`
        : `${planName} plan, cancelled, ends ${until}`;
  }
  return (
    <button
      type="button"
      data-testid="header-subscribe"
      {...trackClick("subscribe", "header")}
      data-state={active ? "subscribed" : "none"}
      title={state}
      aria-label={state}
      onClick={() => useDialogStore.getState().openSubscription()}
      onPointerEnter={prefetchBillingDialogs}
      onFocus={prefetchBillingDialogs}
      className={`${ENTRY} ${active ? "text-foreground" : "text-primary"}`}
    >
      <CrownIcon width={18} height={18} className={active ? "text-amber-600 dark:text-amber-400" : ""} />
      <span className="hidden sm:inline">{active ? planName : "Subscribe"}</span>
    </button>
  );
}

function CoinBalanceEntry() {
  const wallet = useWallet();
  const balance = wallet.data?.wallet_info.buy_coin;
  const count = balance === undefined ? "…" : formatCount(balance);
  return (
    <button
      type="button"
      data-testid="header-coins"
      title={balance === undefined ? "Get Coins" : `My Coins: ${balance}`}
      aria-label={`${count} coins. Get Coins`}
      onClick={() => useDialogStore.getState().openCoins()}
      onPointerEnter={prefetchBillingDialogs}
      onFocus={prefetchBillingDialogs}
      className={ENTRY}
    >
      <CoinIcon width={18} height={18} className="text-amber-600 dark:text-amber-400" />
      <span data-testid="header-coin-count" className="tabular-nums">
        {count}
      </span>
    </button>
  );
}
