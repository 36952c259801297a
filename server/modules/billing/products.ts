import { asc, eq } from "drizzle-orm";
import type { CoinProductList, SubscriptionProductList } from "../../../lib/contracts/billing-client";
import { coinProducts, subscriptionProducts } from "../../db/schema";
import type { Db } from "../../db/types";
import { formatMoney } from "./money-text";
import { rightsOf } from "./plan-benefits";

export type SubscriptionProductRow = typeof subscriptionProducts.$inferSelect;
export type CoinProductRow = typeof coinProducts.$inferSelect;

/** GET /v1/subscribe/product: every plan, in order, each with the rights its benefits give. */
export async function listSubscriptionProducts(
  db: Db,
  config: { CHAT_FREE_REPLIES_PER_DAY: number },
): Promise<SubscriptionProductList> {
  const rows = await db
    .select()
    .from(subscriptionProducts)
    .orderBy(asc(subscriptionProducts.sort), asc(subscriptionProducts.productId));
  return {
    product_list: rows.map((p) => ({
      product_id: p.productId,
      name: p.name,
      price: p.priceText,
      remind: p.remind,
      status: p.status,
      currency: p.currency,
      money: p.money,
      rights: rightsOf(p, config.CHAT_FREE_REPLIES_PER_DAY),
    })),
  };
}

/** GET /v1/buy_coin/product: every coin package, in order, with its price as text. */
export async function listCoinProducts(db: Db): Promise<CoinProductList> {
  const rows = await db.select().from(coinProducts).orderBy(asc(coinProducts.sort), asc(coinProducts.productId));
  return {
    product_list: rows.map((p) => ({
      product_id: p.productId,
      name: p.name,
      coin: p.coin,
      money: p.money,
      origin_money: p.originMoney,
      price: formatMoney(p.money, p.currency),
      currency: p.currency,
      remind: p.remind,
      status: p.status,
    })),
  };
}

export async function findSubscriptionProduct(db: Db, productId: string): Promise<SubscriptionProductRow | null> {
  const [row] = await db.select().from(subscriptionProducts).where(eq(subscriptionProducts.productId, productId));
  return row ?? null;
}

export async function findCoinProduct(db: Db, productId: string): Promise<CoinProductRow | null> {
  const [row] = await db.select().from(coinProducts).where(eq(coinProducts.productId, productId));
  return row ?? null;
}
