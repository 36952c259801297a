"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { fetchWallet } from "@/lib/chat/chat-api";
import { chatQueryKeys } from "@/lib/chat/query-keys";
import type { Wallet } from "@/lib/contracts/chat-client";
import { useViewer } from "./use-viewer";

/** The signed-in user's coins and free replies; nothing for visitors. */
export function useWallet() {
  const { ready, uid } = useViewer();
  return useQuery({
    queryKey: chatQueryKeys.wallet(uid),
    queryFn: ({ signal }) => fetchWallet(signal),
    enabled: ready && uid !== null,
    staleTime: 60_000,
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
