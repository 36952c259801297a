/** The coin calls of SPEC §7 (the wallet itself is fetched by lib/chat/chat-api.ts fetchWallet). */
import { apiGet, apiPost } from "@/lib/api";
import {
  coinOrderListSchema,
  coinProductListSchema,
  orderCreatedSchema,
  type CoinOrder,
  type CoinProduct,
  type CoinProductList,
  type OrderCreated,
} from "@/lib/contracts/billing-client";
import { DEFAULT_CURRENCY } from "@/lib/format/money";

/** The coin packages; no sign-in needed. */
export function fetchCoinProducts(signal?: AbortSignal): Promise<CoinProductList> {
  return apiGet("/v1/buy_coin/product", undefined, { schema: coinProductListSchema, signal });
}

/** An order for `pack` at the listed price (USD when the package names no currency). */
export function createCoinOrder(pack: Pick<CoinProduct, "product_id" | "currency" | "money">): Promise<OrderCreated> {
  return apiPost(
    "/v1/buy_coin/create",
    { product_id: pack.product_id, currency: pack.currency || DEFAULT_CURRENCY, money: pack.money },
    { schema: orderCreatedSchema },
  );
}

/** The user's coin orders, newest first, or the one named by `orderCode`. */
export async function fetchCoinOrders(orderCode?: string, signal?: AbortSignal): Promise<CoinOrder[]> {
  const query = orderCode ? { order_code: orderCode } : undefined;
  return (await apiGet("/v1/buy_coin/find", query, { schema: coinOrderListSchema, signal })).list;
}
