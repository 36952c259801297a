"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Reloads what a payment or a cancellation changes: the subscription, the wallet (the chat's key too) and the
 * chat's model list (its availability depends on both). Every user's copy, so no uid is needed here.
 */
export function useBillingRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["billing", "subscription"] }),
      queryClient.invalidateQueries({ queryKey: ["wallet"] }),
      queryClient.invalidateQueries({ queryKey: ["chat", "models"] }),
    ]);
  }, [queryClient]);
}
