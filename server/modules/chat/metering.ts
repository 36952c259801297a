import { and, eq, sql } from "drizzle-orm";
import { chatDailyUsage } from "../../db/schema";
import type { Db } from "../../db/types";
import { premiumCoins, type PlanBenefits } from "../billing/plan-benefits";
import { creditCoins, spendCoins } from "../wallet/wallet";

/**
 * What a reply costs (ARCHITECTURE.md, money and coins): models with coin cost 0 are free within a daily allowance,
 * which a plan with unlimitedStandard lifts; models with a coin cost are paid per reply, at the plan's percent of
 * the cost (rounded up, at least 1) on premium models. `plan` is the held plan's benefits while it is in its paid
 * period, else null (payer-state.ts).
 */
export type ReplyPrice = { kind: "allowance" } | { kind: "included" } | { kind: "coins"; coins: number };

export interface PricedModel {
  coinCost: number;
  premium: boolean;
}

export function priceReply(model: PricedModel, plan: PlanBenefits | null): ReplyPrice {
  if (model.coinCost <= 0) return plan?.unlimitedStandard ? { kind: "included" } : { kind: "allowance" };
  const coins = plan && model.premium ? premiumCoins(model.coinCost, plan.premiumCoinPercent) : model.coinCost;
  return { kind: "coins", coins };
}

export function coinCostFor(model: PricedModel, plan: PlanBenefits | null): number {
  const price = priceReply(model, plan);
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
