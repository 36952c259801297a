import { and, asc, eq, lte, sql } from "drizzle-orm";
import { sandboxCheckouts, sandboxSubscriptions } from "../../db/schema";
import type { Db } from "../../db/types";
import { sandboxRef } from "./sandbox-provider";

/**
 * What the sandbox provider does on its own side, as a remote provider would on its payment page and its clock:
 * take a payment, let a checkout lapse, renew and end subscriptions. Each change is the sandbox's state only; the
 * caller then hands fulfilment an event naming the changed object (server/modules/billing/sandbox-*.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
export type SandboxSubscriptionRow = typeof sandboxSubscriptions.$inferSelect;

export async function findSandboxCheckout(db: Db, orderCode: string): Promise<SandboxCheckoutRow | null> {
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.orderCode, orderCode));
  return row ?? null;
}

/**
 * Takes the payment of an open checkout; a subscription checkout starts a subscription paid until now + its
 * period. Only the first of concurrent payments changes anything. Returns the checkout as it is afterwards.
 */
export async function paySandboxCheckout(db: Db, ref: string, now: Date): Promise<SandboxCheckoutRow | null> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(sandboxCheckouts)
      .set({ status: "paid", updatedAt: now })
      .where(and(eq(sandboxCheckouts.ref, ref), eq(sandboxCheckouts.status, "open")))
      .returning();
    if (!paid) {
      const [row] = await tx.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.ref, ref));
      return row ?? null;
    }
    if (paid.periodDays === null) return paid;
    const subscriptionRef = sandboxRef("sub");
    await tx.insert(sandboxSubscriptions).values({
      ref: subscriptionRef,
      orderCode: paid.orderCode,
      periodDays: paid.periodDays,
      currentPeriodEnd: new Date(now.getTime() + paid.periodDays * DAY_MS),
    });
    const [withSubscription] = await tx
      .update(sandboxCheckouts)
      .set({ subscriptionRef })
      .where(eq(sandboxCheckouts.ref, ref))
      .returning();
    return withSubscription ?? null;
  });
}

/** The payer left the page: an open checkout expires (a paid one stays paid). Returns the checkout afterwards. */
export async function expireSandboxCheckout(db: Db, ref: string, now: Date): Promise<SandboxCheckoutRow | null> {
  const [expired] = await db
    .update(sandboxCheckouts)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(sandboxCheckouts.ref, ref), eq(sandboxCheckouts.status, "open")))
    .returning();
  if (expired) return expired;
  const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.ref, ref));
  return row ?? null;
}

/** Active subscriptions whose paid period has ended by now, oldest first. */
export async function dueSandboxSubscriptions(db: Db, now: Date, limit = 500): Promise<SandboxSubscriptionRow[]> {
  return db
    .select()
    .from(sandboxSubscriptions)
    .where(and(eq(sandboxSubscriptions.status, "active"), lte(sandboxSubscriptions.currentPeriodEnd, now)))
    .orderBy(asc(sandboxSubscriptions.currentPeriodEnd))
    .limit(limit);
}

/**
 * Charges one more period of a renewing subscription whose period ended at `periodEnd`. Conditional on that end,
 * so two instances renewing at once extend it once. Returns the new period end, or null when nothing changed.
 */
export async function renewSandboxSubscription(db: Db, ref: string, periodEnd: Date): Promise<Date | null> {
  const [row] = await db
    .update(sandboxSubscriptions)
    .set({
      currentPeriodEnd: sql`${sandboxSubscriptions.currentPeriodEnd} + make_interval(days => ${sandboxSubscriptions.periodDays})`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(sandboxSubscriptions.ref, ref),
        eq(sandboxSubscriptions.status, "active"),
        eq(sandboxSubscriptions.cancelAtPeriodEnd, false),
        eq(sandboxSubscriptions.currentPeriodEnd, periodEnd),
      ),
    )
    .returning({ currentPeriodEnd: sandboxSubscriptions.currentPeriodEnd });
  return row?.currentPeriodEnd ?? null;
}

/** Ends a subscription cancelled at its period end once that end has passed. True when it changed. */
export async function endSandboxSubscription(db: Db, ref: string, now: Date): Promise<boolean> {
  const ended = await db
    .update(sandboxSubscriptions)
    .set({ status: "ended", updatedAt: new Date() })
    .where(
      and(
        eq(sandboxSubscriptions.ref, ref),
        eq(sandboxSubscriptions.status, "active"),
        eq(sandboxSubscriptions.cancelAtPeriodEnd, true),
        lte(sandboxSubscriptions.currentPeriodEnd, now),
      ),
    )
    .returning({ ref: sandboxSubscriptions.ref });
  return ended.length > 0;
}
