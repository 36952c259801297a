import { eq, sql } from "drizzle-orm";
import { orders, subscriptions, users } from "../../db/schema";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import type { PaymentProvider, ProviderSubscription } from "../../providers/payments/types";

/** An order of an account that still exists (a deleted account's orders keep a null user_id, for accounting). */
export type OrderRow = typeof orders.$inferSelect & { userId: string };

/**
 * The order with this code, locked for the rest of the transaction, after its user's row: every billing writer
 * locks the user first (order creation, fulfilment, deleting the user), so they never wait on each other in a
 * circle. Null when the order is not ours or no longer exists (its user was deleted).
 */
export async function lockOrder(tx: Db, orderCode: string): Promise<OrderRow | null> {
  // One statement: the CTE locks the user when the join reads it, before the row lock of the order is taken on
  // the joined row's way out.
  const owner = tx.$with("owner").as(
    tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, sql`(select ${orders.userId} from ${orders} where ${orders.orderCode} = ${orderCode})`))
      .for("update"),
  );
  const [row] = await tx
    .with(owner)
    .select({ order: orders })
    .from(orders)
    .innerJoin(owner, eq(owner.id, orders.userId))
    .where(eq(orders.orderCode, orderCode))
    .for("update", { of: orders });
  const order = row?.order;
  // The inner join with the user's row answers no order whose user_id is null.
  return order?.userId ? { ...order, userId: order.userId } : null;
}

/** Our status for the provider's word: 1 renewing; 2 cancelled at period end, ended or unpaid. */
export function statusOf(subscription: ProviderSubscription): 1 | 2 {
  return subscription.status === "active" && !subscription.cancelAtPeriodEnd ? 1 : 2;
}

export type SyncResult = "synced" | "stale";

/**
 * Sets the user's one subscription row from the provider's current word about the subscription `order` started.
 * Call it with `order` locked (lockOrder), so its user is locked too. A row about another provider subscription
 * is replaced only by a renewing one, and never while that other one is renewing itself: an event about an old
 * subscription, delivered late, cannot overwrite the newer one.
 */
export async function syncSubscriptionRow(
  tx: Db,
  order: OrderRow,
  subscription: ProviderSubscription,
  logger: Logger,
  now = new Date(),
): Promise<SyncResult> {
  const status = statusOf(subscription);
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, order.userId)).for("update");
  const values = {
    productId: order.productId,
    status,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    provider: order.provider,
    providerRef: subscription.ref,
    orderCode: order.orderCode,
    updatedAt: now,
  };
  if (!row) {
    await tx.insert(subscriptions).values({ userId: order.userId, ...values });
    return "synced";
  }
  if (row.providerRef !== subscription.ref) {
    if (status !== 1) return "stale";
    if (row.status === 1 && row.currentPeriodEnd > now) {
      // Only when two plans were paid for at once (our orders refuse a plan while another renews): keep the one
      // held, and say so loudly, since the other is being charged too.
      logger.error("a second renewing subscription was paid for; the held one is kept", {
        user_id: order.userId,
        held: row.providerRef,
        other: subscription.ref,
        order_code: order.orderCode,
      });
      return "stale";
    }
  }
  await tx.update(subscriptions).set(values).where(eq(subscriptions.id, row.id));
  return "synced";
}

/**
 * Re-reads a provider subscription and sets the user's row from it, outside any provider event (after a cancel or
 * a resume the user asked for, so the answer shows the provider's word at once). Returns false when the
 * provider or the order does not know it.
 */
export async function syncFromProvider(
  deps: { db: Db; provider: PaymentProvider; logger: Logger },
  subscriptionRef: string,
): Promise<boolean> {
  const subscription = await deps.provider.retrieveSubscription(subscriptionRef);
  if (!subscription) return false;
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, subscription.orderCode);
    if (!order || order.kind !== "subscription") return false;
    await syncSubscriptionRow(tx, order, subscription, deps.logger);
    return true;
  });
}
