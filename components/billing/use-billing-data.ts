"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { readCoinProductsCache, readSubscriptionProductsCache } from "@/lib/billing/product-cache";
import { coinProductsQuery, subscriptionProductsQuery } from "@/lib/billing/product-queries";
import { toast } from "@/stores/toast-store";

/** The dialogs' product lists (the header reads them without the cache, see header-billing.tsx). */
interface QueryUse {
  enabled: boolean;
  /** 0 (the dialogs) fetches again each time the caller becomes enabled. */
  staleTime?: number;
}

/**
 * The plans: the cached list (SPEC §7, 24 hours in localStorage) is shown at once, as the query's initial data
 * or, when the header created the query first and it has nothing yet, as its placeholder, and is refreshed in the
 * background as soon as the query is stale; each fetched list is stored again.
 */
export function useSubscriptionProducts({ enabled, staleTime = 0 }: QueryUse) {
  return useQuery({
    ...subscriptionProductsQuery(),
    initialData: () => readSubscriptionProductsCache()?.value,
    initialDataUpdatedAt: () => readSubscriptionProductsCache()?.timestamp,
    placeholderData: (previous) => previous ?? readSubscriptionProductsCache()?.value,
    enabled,
    staleTime,
  });
}

/** The coin packages, cached like the plans. */
export function useCoinProducts({ enabled, staleTime = 0 }: QueryUse) {
  return useQuery({
    ...coinProductsQuery(),
    initialData: () => readCoinProductsCache()?.value,
    initialDataUpdatedAt: () => readCoinProductsCache()?.timestamp,
    placeholderData: (previous) => previous ?? readCoinProductsCache()?.value,
    enabled,
    staleTime,
  });
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
