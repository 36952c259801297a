import { and, eq, sql } from "drizzle-orm";
import { chatDailyUsage } from "../../db/schema";
import type { Db } from "../../db/types";
import { creditCoins, spendCoins } from "../wallet/wallet";

/**
 * What a reply costs (ARCHITECTURE.md, money and coins): the standard model is free within a daily allowance for
 * users without a subscription and included with one; models with a coin cost are paid per reply, at half the
 * cost (rounded up) on premium models with a subscription.
 */
export type ReplyPrice = { kind: "allowance" } | { kind: "included" } | { kind: "coins"; coins: number };

export interface PricedModel {
  coinCost: number;
  premium: boolean;
}

export function priceReply(model: PricedModel, subscribed: boolean): ReplyPrice {
  if (model.coinCost <= 0) return subscribed ? { kind: "included" } : { kind: "allowance" };
  const coins = subscribed && model.premium ? Math.max(1, Math.ceil(model.coinCost / 2)) : model.coinCost;
  return { kind: "coins", coins };
}

export function coinCostFor(model: PricedModel, subscribed: boolean): number {
  const price = priceReply(model, subscribed);
  return price.kind === "coins" ? price.coins : 0;
}

/** The UTC day the allowance counts in, as YYYY-MM-DD. */
export function usageDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export type ChargeResult =
  | { ok: true; coins: number; balance: number | null; freeUsed: number | null }
  | { ok: false; reason: "allowance" | "coins"; balance: number | null };

/**
 * Charges one reply, atomically: one more free reply only while under the daily limit, or coins spent with the
 * reply's reference (never below zero, never twice). Run it in the transaction that stores the messages.
 */
export async function chargeReply(
  db: Db,
  input: { userId: string; price: ReplyPrice; reference: string; dailyLimit: number; day?: string },
): Promise<ChargeResult> {
  const { userId, price } = input;
  if (price.kind === "included") return { ok: true, coins: 0, balance: null, freeUsed: null };
  if (price.kind === "allowance") {
    if (input.dailyLimit <= 0) return { ok: false, reason: "allowance", balance: null };
    const [row] = await db
      .insert(chatDailyUsage)
      .values({ userId, day: input.day ?? usageDay(), freeReplies: 1 })
      .onConflictDoUpdate({
        target: [chatDailyUsage.userId, chatDailyUsage.day],
        set: { freeReplies: sql`${chatDailyUsage.freeReplies} + 1` },
        setWhere: sql`${chatDailyUsage.freeReplies} < ${input.dailyLimit}`,
      })
      .returning({ used: chatDailyUsage.freeReplies });
    return row
      ? { ok: true, coins: 0, balance: null, freeUsed: row.used }
      : { ok: false, reason: "allowance", balance: null };
  }
  const spent = await spendCoins(db, userId, price.coins, "chat reply", input.reference);
  if (spent.status === "insufficient") return { ok: false, reason: "coins", balance: spent.balance };
  return { ok: true, coins: price.coins, balance: spent.balance, freeUsed: null };
}

/** Gives back what chargeReply took, for a reply that failed before any text. Coin refunds are idempotent. */
export async function refundReply(
  db: Db,
  input: { userId: string; price: ReplyPrice; reference: string; day: string },
): Promise<{ balance: number | null }> {
  if (input.price.kind === "coins") {
    const credited = await creditCoins(
      db,
      input.userId,
      input.price.coins,
      "chat reply refund",
      `refund:${input.reference}`,
    );
    return { balance: credited.balance };
  }
  if (input.price.kind === "allowance") {
    await db
      .update(chatDailyUsage)
      .set({ freeReplies: sql`greatest(${chatDailyUsage.freeReplies} - 1, 0)` })
      .where(and(eq(chatDailyUsage.userId, input.userId), eq(chatDailyUsage.day, input.day)));
  }
  return { balance: null };
}
