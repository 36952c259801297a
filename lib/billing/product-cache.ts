/**
 * The product lists' local cache (SPEC §7): kept 24 hours under `subscribe-products` and `coin-products`, shown at
 * once when a dialog opens while the list is fetched again in the background.
 */
import { readCache, writeCache, type CacheEntry } from "@/lib/cache/local-cache";
import {
  coinProductListSchema,
  subscriptionProductListSchema,
  type CoinProductList,
  type SubscriptionProductList,
} from "@/lib/contracts/billing-client";

/** SPEC §9: product cache 24 hours. */
export const PRODUCT_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export const PRODUCT_CACHE_KEYS = { subscription: "subscribe-products", coins: "coin-products" } as const;

export function readSubscriptionProductsCache(now?: number): CacheEntry<SubscriptionProductList> | null {
  return readCache(PRODUCT_CACHE_KEYS.subscription, subscriptionProductListSchema, {
    maxAgeMs: PRODUCT_CACHE_TTL_MS,
    now,
  });
}

export function readCoinProductsCache(now?: number): CacheEntry<CoinProductList> | null {
  return readCache(PRODUCT_CACHE_KEYS.coins, coinProductListSchema, { maxAgeMs: PRODUCT_CACHE_TTL_MS, now });
}

export function writeSubscriptionProductsCache(list: SubscriptionProductList, now?: number): void {
  writeCache(PRODUCT_CACHE_KEYS.subscription, list, now);
}

export function writeCoinProductsCache(list: CoinProductList, now?: number): void {
  writeCache(PRODUCT_CACHE_KEYS.coins, list, now);
}
