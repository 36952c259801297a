/**
 * The product lists' queries, shared by the header and the dialogs. Each fetched list is stored in the local
 * cache (product-cache.ts, loaded with the answer: its zod checks stay out of the header's first load).
 */
import type { CoinProductList, SubscriptionProductList } from "@/lib/contracts/billing-client";
import { fetchCoinProducts } from "./coin-api";
import { billingQueryKeys } from "./query-keys";
import { fetchSubscriptionProducts } from "./subscribe-api";

export function subscriptionProductsQuery() {
  return {
    queryKey: billingQueryKeys.subscriptionProducts(),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SubscriptionProductList> => {
      const list = await fetchSubscriptionProducts(signal);
      (await import("./product-cache")).writeSubscriptionProductsCache(list);
      return list;
    },
  };
}

export function coinProductsQuery() {
  return {
    queryKey: billingQueryKeys.coinProducts(),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<CoinProductList> => {
      const list = await fetchCoinProducts(signal);
      (await import("./product-cache")).writeCoinProductsCache(list);
      return list;
    },
  };
}
