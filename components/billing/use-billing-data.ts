"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useViewer } from "@/components/chat/use-viewer";
import { fetchCoinProducts } from "@/lib/billing/coin-api";
import {
  readCoinProductsCache,
  readSubscriptionProductsCache,
  writeCoinProductsCache,
  writeSubscriptionProductsCache,
} from "@/lib/billing/product-cache";
import { billingQueryKeys } from "@/lib/billing/query-keys";
import { fetchSubscriptionInfo, fetchSubscriptionProducts } from "@/lib/billing/subscribe-api";
import { toast } from "@/stores/toast-store";

interface QueryUse {
  enabled: boolean;
  /** 0 (the dialogs) fetches again each time the caller becomes enabled; the header keeps what it has longer. */
  staleTime?: number;
}

/**
 * The plans: the cached list (SPEC §7, 24 hours in localStorage) is the query's initial data, shown at once, and
 * is refreshed in the background as soon as the query is stale; each fetched list is stored again.
 */
export function useSubscriptionProducts({ enabled, staleTime = 0 }: QueryUse) {
  return useQuery({
    queryKey: billingQueryKeys.subscriptionProducts(),
    queryFn: async ({ signal }) => {
      const list = await fetchSubscriptionProducts(signal);
      writeSubscriptionProductsCache(list);
      return list;
    },
    initialData: () => readSubscriptionProductsCache()?.value,
    initialDataUpdatedAt: () => readSubscriptionProductsCache()?.timestamp,
    enabled,
    staleTime,
  });
}

/** The coin packages, cached like the plans. */
export function useCoinProducts({ enabled, staleTime = 0 }: QueryUse) {
  return useQuery({
    queryKey: billingQueryKeys.coinProducts(),
    queryFn: async ({ signal }) => {
      const list = await fetchCoinProducts(signal);
      writeCoinProductsCache(list);
      return list;
    },
    initialData: () => readCoinProductsCache()?.value,
    initialDataUpdatedAt: () => readCoinProductsCache()?.timestamp,
    enabled,
    staleTime,
  });
}

/** The signed-in user's plan (SPEC §3 subscription info); visitors have none. A failure is only logged (SPEC §8). */
export function useSubscriptionInfo({ enabled, staleTime = 0 }: QueryUse) {
  const { ready, uid } = useViewer();
  const query = useQuery({
    queryKey: billingQueryKeys.subscription(uid),
    queryFn: ({ signal }) => fetchSubscriptionInfo(signal),
    enabled: enabled && ready && uid !== null,
    staleTime,
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.warn("subscription info could not be loaded", error);
  }, [error]);
  return query;
}

/**
 * SPEC §8: a product list that cannot be loaded is a destructive toast, once per failed fetch, unless a cached
 * list is on screen anyway.
 */
export function useProductsFailureToast(
  query: { error: unknown; errorUpdatedAt: number; data: unknown },
  title: "Failed to load subscription data" | "Failed to load coin data",
): void {
  const failedAt = query.error ? query.errorUpdatedAt : 0;
  const hasData = query.data !== undefined;
  useEffect(() => {
    if (failedAt && !hasData) toast({ title, description: "Please try again later", variant: "destructive" });
  }, [failedAt, hasData, title]);
}
