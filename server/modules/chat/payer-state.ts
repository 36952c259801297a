import { eq, sql, type Placeholder } from "drizzle-orm";
import { z } from "zod";
import { chatDailyUsage, subscriptionProducts, subscriptions, users, wallets } from "../../db/schema";
import type { Db } from "../../db/types";
import type { PlanBenefits } from "../billing/plan-benefits";
import { usageDay } from "./metering";

/** What pricing a reply needs to know about the user, as read (the charge itself is the atomic check). */
export interface PayerState {
  /**
   * The held plan's benefits while it is in its paid period (current_period_end after now), also after it was
   * cancelled; null without one.
   */
  plan: PlanBenefits | null;
  balance: number;
  /** Free replies used on `day`. */
  freeUsed: number;
}

const planColumn = z.object({ unlimitedStandard: z.boolean(), premiumCoinPercent: z.number().int() }).nullable();

/** The database's value of the plan field (a JSON object or null) as PlanBenefits. */
export function parsePlan(value: unknown): PlanBenefits | null {
  return planColumn.parse(value ?? null);
}

/**
 * The PayerState as select fields of subqueries, to add to another select. `user` is the user's id as a parameter,
 * or the `users.id` column of a select that joins users: drizzle qualifies column names only in selects with joins,
 * and an unqualified "id" would name the subquery's own column (for the same reason the plan is read by nested
 * subqueries rather than a join: unqualified product_id would be ambiguous). Parse `plan` with parsePlan. `day` and
 * `now` may be placeholders of a statement built once (reply-context.ts), given `now` as an ISO string.
 */
export function payerFields(user: string | typeof users.id, day: string | Placeholder, now: Date | Placeholder) {
  const at = now instanceof Date ? now.toISOString() : now;
  const heldProduct = sql`(select ${subscriptions.productId} from ${subscriptions} where ${subscriptions.userId} = ${user} and ${subscriptions.currentPeriodEnd} > ${at}::timestamptz)`;
  return {
    plan: sql<unknown>`(select json_build_object('unlimitedStandard', ${subscriptionProducts.unlimitedStandard}, 'premiumCoinPercent', ${subscriptionProducts.premiumCoinPercent}) from ${subscriptionProducts} where ${subscriptionProducts.productId} = ${heldProduct})`,
    balance:
      sql<number>`coalesce((select ${wallets.balance} from ${wallets} where ${wallets.userId} = ${user}), 0)`.mapWith(
        Number,
      ),
    freeUsed:
      sql<number>`coalesce((select ${chatDailyUsage.freeReplies} from ${chatDailyUsage} where ${chatDailyUsage.userId} = ${user} and ${chatDailyUsage.day} = ${day}), 0)`.mapWith(
        Number,
      ),
  };
}

/** The held plan's benefits, coin balance and free replies used on now's day, in one statement. */
export async function readPayerState(db: Db, userId: string, now = new Date()): Promise<PayerState> {
  const [row] = await db
    .select(payerFields(userId, usageDay(now), now))
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return { plan: null, balance: 0, freeUsed: 0 };
  return { plan: parsePlan(row.plan), balance: row.balance, freeUsed: row.freeUsed };
}
