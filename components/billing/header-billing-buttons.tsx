"use client";

import { CoinIcon } from "@/components/chat/chat-icons";
import { buttonClassName } from "@/components/ui/button";
import { trackClick } from "@/lib/analytics/click-label";
import { formatCount } from "@/lib/format/count";
import { useDialogStore } from "@/stores/dialog-store";
import { prefetchBillingDialogs } from "./billing-loaders";
import { CrownIcon } from "./billing-icons";

const ENTRY = buttonClassName("ghost", "sm", "h-9 gap-1.5 rounded-full px-2.5 lg:px-3");

/**
 * The plan entry: "Subscribe", or the held plan's name with its state in the label. Opens the plans dialog. Below
 * 1024px the crown alone (the label is still its name): the header's row has no room for the words beside the nav.
 */
export function SubscribeButton({ active, planName, state }: { active: boolean; planName: string; state: string }) {
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
      <span className="hidden lg:inline">{active ? planName : "Subscribe"}</span>
    </button>
  );
}

/** The coin balance ("…" until it is known). Opens Get Coins. */
export function CoinsButton({ balance }: { balance: number | undefined }) {
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

/** A signed-in user's entries before their data (and its code) has arrived. */
export function PendingBillingButtons() {
  return (
    <>
      <SubscribeButton active={false} planName="" state="Subscribe" />
      <CoinsButton balance={undefined} />
    </>
  );
}
