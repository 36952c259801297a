"use client";

import { trackClick } from "@/lib/analytics/click-label";
import { coinsLabel, freeRepliesLabel, freeRepliesShortLabel } from "@/lib/chat/model-labels";
import { useDialogStore } from "@/stores/dialog-store";
import { CoinIcon } from "./chat-icons";
import { useWallet } from "./use-wallet";

const LINK =
  "inline-flex items-center gap-1 rounded-sm outline-none hover:text-foreground hover:underline hover:underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring";

/**
 * Coins and (unless the held plan lifts the daily limit) free replies left today, under the character's name;
 * nothing for visitors. The balance opens Get Coins; free replies used up open the plans.
 */
export function WalletStatus() {
  const { data: wallet } = useWallet();
  if (!wallet) return null;
  const free = freeRepliesLabel(wallet.free_replies_left);
  // Below 640px the short words show (the line shares the header with the model picker); screen readers always
  // get the whole sentence.
  const shown = free ? (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {freeRepliesShortLabel(wallet.free_replies_left)}
      </span>
      <span className="max-sm:sr-only">{free}</span>
    </>
  ) : null;
  const balance = wallet.wallet_info.buy_coin;
  return (
    <p
      className="flex flex-wrap items-center gap-x-2.5 text-xs leading-5 text-muted-foreground sm:gap-x-3"
      data-testid="wallet-status"
    >
      {free ? (
        wallet.free_replies_left === 0 ? (
          <button
            type="button"
            onClick={() => useDialogStore.getState().openSubscription()}
            {...trackClick("subscribe", "chat_wallet")}
            className={`${LINK} font-medium text-destructive`}
          >
            {shown}
            <span className="sr-only">. See plans</span>
          </button>
        ) : (
          <span>{shown}</span>
        )
      ) : null}
      <button
        type="button"
        title="Coin balance: get coins"
        onClick={() => useDialogStore.getState().openCoins()}
        className={LINK}
        data-testid="wallet-coins"
      >
        <CoinIcon width={13} height={13} />
        {coinsLabel(balance)}
        <span className="sr-only">. Get Coins</span>
      </button>
    </p>
  );
}
