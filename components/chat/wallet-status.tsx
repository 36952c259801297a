"use client";

import { coinsLabel, freeRepliesLabel } from "@/lib/chat/model-labels";
import { CoinIcon } from "./chat-icons";
import { useWallet } from "./use-wallet";

/**
 * Coins and (unless the held plan lifts the daily limit) free replies left today, under the character's name;
 * nothing for visitors.
 */
export function WalletStatus() {
  const { data: wallet } = useWallet();
  if (!wallet) return null;
  const free = freeRepliesLabel(wallet.free_replies_left);
  return (
    <p
      className="flex flex-wrap items-center gap-x-3 text-xs leading-5 text-muted-foreground"
      data-testid="wallet-status"
    >
      {free ? (
        <span className={wallet.free_replies_left === 0 ? "font-medium text-destructive" : ""}>{free}</span>
      ) : null}
      <span className="inline-flex items-center gap-1" title="Coin balance">
        <CoinIcon width={13} height={13} />
        {coinsLabel(wallet.wallet_info.buy_coin)}
      </span>
    </p>
  );
}
