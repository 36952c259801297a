"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { fetchWallet } from "@/lib/chat/wallet-api";
import { chatQueryKeys } from "@/lib/chat/query-keys";
import type { Wallet } from "@/lib/contracts/chat-client";
import { useViewer } from "./use-viewer";

/**
 * The signed-in user's coins and free replies; nothing for visitors. One query key for the chat, the header and
 * the Get Coins dialog, so a purchase or a reply updates all three. `staleTime: 0` fetches again when the caller
 * is enabled (the dialog loads the wallet each time it opens).
 */
export function useWallet({ enabled = true, staleTime = 60_000 }: { enabled?: boolean; staleTime?: number } = {}) {
  const { ready, uid } = useViewer();
  return useQuery({
    queryKey: chatQueryKeys.wallet(uid),
    queryFn: ({ signal }) => fetchWallet(signal),
    enabled: enabled && ready && uid !== null,
    staleTime,
  });
}

/** Applies balances a reply reported (end or error messages) to the cached wallet. */
export function useWalletPatch() {
  const queryClient = useQueryClient();
  const { uid } = useViewer();
  return useCallback(
    (patch: { balance?: number | null; freeRepliesLeft?: number | null }) => {
      queryClient.setQueryData<Wallet>(chatQueryKeys.wallet(uid), (wallet) => {
        if (!wallet) return wallet;
        return {
          ...wallet,
          wallet_info: { buy_coin: patch.balance ?? wallet.wallet_info.buy_coin },
          free_replies_left: patch.freeRepliesLeft === undefined ? wallet.free_replies_left : patch.freeRepliesLeft,
        };
      });
    },
    [queryClient, uid],
  );
}
