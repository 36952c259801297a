// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  PRODUCT_CACHE_KEYS,
  PRODUCT_CACHE_TTL_MS,
  readCoinProductsCache,
  readSubscriptionProductsCache,
  writeCoinProductsCache,
  writeSubscriptionProductsCache,
} from "@/lib/billing/product-cache";
import { DEFAULT_CACHE_TTL_MS, readCache, removeCache, writeCache } from "@/lib/cache/local-cache";
import type { CoinProductList, SubscriptionProductList } from "@/lib/contracts/billing-client";

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2026, 0, 15, 12);
const numbers = z.array(z.number());

const PLANS: SubscriptionProductList = {
  product_list: [
    {
      product_id: "plan-plus",
      name: "Plus",
      price: "$9.99/month",
      remind: "Most popular",
      status: 1,
      currency: "USD",
      money: 999,
      rights: [{ name: "Unlimited replies", val: "1" }],
    },
  ],
};
const PACKS: CoinProductList = {
  product_list: [
    {
      product_id: "coins-550",
      name: "Popular",
      coin: 550,
      money: 899,
      origin_money: 999,
      price: "$8.99",
      remind: "",
      status: 1,
    },
  ],
};

afterEach(() => localStorage.clear());

describe("local cache", () => {
  it("stores a value with its timestamp under the name and reads it back", () => {
    writeCache("answer", [4, 2], T0);
    expect(JSON.parse(localStorage.getItem("answer")!)).toEqual({ value: [4, 2], timestamp: T0 });
    expect(readCache("answer", numbers, { now: T0 + 1000 })).toEqual({ value: [4, 2], timestamp: T0 });
  });

  it("lives one hour by default (SPEC §9), or as long as the caller says", () => {
    expect(DEFAULT_CACHE_TTL_MS).toBe(HOUR);
    writeCache("answer", [1], T0);
    expect(readCache("answer", numbers, { now: T0 + HOUR })?.value).toEqual([1]);
    expect(readCache("answer", numbers, { now: T0 + HOUR + 1 })).toBeNull();
    expect(readCache("answer", numbers, { now: T0 + 5 * HOUR, maxAgeMs: 6 * HOUR })?.value).toEqual([1]);
  });

  it("an expired entry is missing but stays stored (the next write replaces it)", () => {
    writeCache("answer", [1], T0);
    expect(readCache("answer", numbers, { now: T0 + 2 * HOUR })).toBeNull();
    expect(localStorage.getItem("answer")).not.toBeNull();
  });

  it.each([
    ["not JSON", "{value:"],
    ["not an entry", JSON.stringify([1, 2])],
    ["no timestamp", JSON.stringify({ value: [1] })],
    ["a text timestamp", JSON.stringify({ value: [1], timestamp: String(T0) })],
    ["a negative timestamp", JSON.stringify({ value: [1], timestamp: -5 })],
    ["a value of the wrong shape", JSON.stringify({ value: ["x"], timestamp: T0 })],
  ])("ignores and removes a corrupt entry: %s", (_, raw) => {
    localStorage.setItem("answer", raw);
    expect(readCache("answer", numbers, { now: T0 })).toBeNull();
    expect(localStorage.getItem("answer")).toBeNull();
  });

  it("missing entries and removal", () => {
    expect(readCache("nothing", numbers)).toBeNull();
    writeCache("answer", [1]);
    removeCache("answer");
    expect(localStorage.getItem("answer")).toBeNull();
  });
});

describe("product cache", () => {
  it("keeps the plans under subscribe-products and the packages under coin-products for 24 hours", () => {
    expect(PRODUCT_CACHE_TTL_MS).toBe(24 * HOUR);
    writeSubscriptionProductsCache(PLANS, T0);
    writeCoinProductsCache(PACKS, T0);
    expect(Object.keys(localStorage).sort()).toEqual(["coin-products", "subscribe-products"]);
    expect(PRODUCT_CACHE_KEYS).toEqual({ subscription: "subscribe-products", coins: "coin-products" });

    expect(readSubscriptionProductsCache(T0 + 23 * HOUR)).toEqual({ value: PLANS, timestamp: T0 });
    expect(readCoinProductsCache(T0 + 24 * HOUR)).toEqual({ value: PACKS, timestamp: T0 });
    expect(readSubscriptionProductsCache(T0 + 24 * HOUR + 1)).toBeNull();
    expect(readCoinProductsCache(T0 + 25 * HOUR)).toBeNull();
  });

  it("a stored list that no longer fits the answer schema is dropped", () => {
    const broken = { product_list: [{ ...PLANS.product_list[0], money: "9.99" }] };
    localStorage.setItem("subscribe-products", JSON.stringify({ value: broken, timestamp: T0 }));
    localStorage.setItem("coin-products", JSON.stringify({ value: PLANS, timestamp: T0 }));
    expect(readSubscriptionProductsCache(T0)).toBeNull();
    expect(readCoinProductsCache(T0)).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
