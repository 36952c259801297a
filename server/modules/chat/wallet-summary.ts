import type { Wallet } from "../../../lib/contracts/chat-client";
import type { ChatDeps } from "./chat-context";
import { readPayerState } from "./payer-state";

/** GET /v1/buy_coin/wallet: the coin balance and what is left of today's free replies. */
export async function readWallet(
  deps: Pick<ChatDeps, "db" | "config">,
  userId: string,
  now = new Date(),
): Promise<Wallet> {
  const { balance, plan, freeUsed } = await readPayerState(deps.db, userId, now);
  const perDay = deps.config.CHAT_FREE_REPLIES_PER_DAY;
  return {
    wallet_info: { buy_coin: balance },
    free_replies_left: plan?.unlimitedStandard ? null : Math.max(0, perDay - freeUsed),
    free_replies_per_day: perDay,
    subscribed: plan !== null,
  };
}
