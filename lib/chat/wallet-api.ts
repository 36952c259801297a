/**
 * The wallet call (coins and free replies), apart from chat-api.ts: the header shows the balance on every page, and
 * the chat's stream client (SSE parsing) need not load with it.
 */
import { apiGet } from "@/lib/api";
import type { Wallet } from "@/lib/contracts/chat-client";

export function fetchWallet(signal?: AbortSignal): Promise<Wallet> {
  return apiGet("/v1/buy_coin/wallet", undefined, {
    schema: () => import("@/lib/contracts/chat-client").then((m) => m.walletSchema),
    signal,
  });
}
