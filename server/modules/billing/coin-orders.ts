import { and, desc, eq } from "drizzle-orm";
import type { CoinOrder, OrderStatus } from "../../../lib/contracts/billing-client";
import { orders } from "../../db/schema";
import type { Db } from "../../db/types";

const STATUSES: readonly OrderStatus[] = ["pending", "paid", "cancelled", "failed"];

export function orderStatus(value: string): OrderStatus {
  return STATUSES.find((s) => s === value) ?? "pending";
}

/** GET /v1/buy_coin/find: the user's coin orders, newest first (20), or the one with order_code. */
export async function listCoinOrders(db: Db, userId: string, orderCode?: string): Promise<{ list: CoinOrder[] }> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.kind, "coins"),
        orderCode === undefined ? undefined : eq(orders.orderCode, orderCode),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(20);
  return {
    list: rows.map((o) => ({
      order_code: o.orderCode,
      product_id: o.productId,
      coin: o.coin ?? 0,
      money: o.money,
      currency: o.currency,
      status: orderStatus(o.status),
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
    })),
  };
}
