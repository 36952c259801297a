/** The coin calls of SPEC §7 (the wallet itself is fetched by lib/chat/wallet-api.ts). */
import { apiGet, apiPost } from "@/lib/api";
import { DEFAULT_CURRENCY } from "@/lib/format/money";
import type { CoinOrder, CoinProduct, CoinProductList, OrderCreated } from "@/lib/contracts/billing-client";

/** Loaded with the first answer, not with the page: the schemas are zod, which stays out of first-load JavaScript. */
const schemas = () => import("@/lib/contracts/billing-client");

/** The coin packages; no sign-in needed. */
export function fetchCoinProducts(signal?: AbortSignal): Promise<CoinProductList> {
  return apiGet("/v1/buy_coin/product", undefined, {
    schema: () => schemas().then((m) => m.coinProductListSchema),
    signal,
  });
}

/** An order for `pack` at the listed price (USD when the package names no currency). */
export function createCoinOrder(pack: Pick<CoinProduct, "product_id" | "currency" | "money">): Promise<OrderCreated> {
  return apiPost(
    "/v1/buy_coin/create",
    { product_id: pack.product_id, currency: pack.currency || DEFAULT_CURRENCY, money: pack.money },
    { schema: () => schemas().then((m) => m.orderCreatedSchema) },
  );
}

/** The user's coin orders, newest first, or the one named by `orderCode`. */
export async function fetchCoinOrders(orderCode?: string, signal?: AbortSignal): Promise<CoinOrder[]> {
  const query = orderCode ? { order_code: orderCode } : undefined;
  return (
    await apiGet("/v1/buy_coin/find", query, { schema: () => schemas().then((m) => m.coinOrderListSchema), signal })
  ).list;
}
