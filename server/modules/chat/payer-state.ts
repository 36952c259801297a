import { eq, sql } from "drizzle-orm";
import { chatDailyUsage, subscriptions, users, wallets } from "../../db/schema";
import type { Db } from "../../db/types";
import { usageDay } from "./metering";

/** What pricing a reply needs to know about the user, as read (the charge itself is the atomic check). */
export interface PayerState {
  /** A subscription gives its rights until the end of the paid period, also after it was cancelled. */
  subscribed: boolean;
  balance: number;
  /** Free replies used on `day`. */
  freeUsed: number;
}

/**
 * The PayerState as select fields of subqueries, to add to another select. `user` is the user's id as a parameter,
 * or the `users.id` column of a select that joins users: drizzle qualifies column names only in selects with joins,
 * and an unqualified "id" would name the subquery's own column.
 */
export function payerFields(user: string | typeof users.id, day: string) {
  return {
    subscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${user} and ${subscriptions.currentPeriodEnd} > now())`,
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

/** Subscription, coin balance and today's free replies in one statement. */
export async function readPayerState(db: Db, userId: string, day = usageDay()): Promise<PayerState> {
  const [row] = await db.select(payerFields(userId, day)).from(users).where(eq(users.id, userId));
  return row ?? { subscribed: false, balance: 0, freeUsed: 0 };
}
