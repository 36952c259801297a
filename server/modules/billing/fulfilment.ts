import { and, eq, ne } from "drizzle-orm";
import { orders, paymentEvents } from "../../db/schema";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import type {
  PaymentEvent,
  PaymentProvider,
  ProviderCheckout,
  ProviderSubscription,
} from "../../providers/payments/types";
import { isUniqueViolation } from "../accounts/users";
import { creditCoinsLocked } from "../wallet/wallet";
import { applyPaidCoinCheckout } from "./paid-coin-checkout";
import { lockOrder, syncSubscriptionRow, type OrderRow } from "./subscription-sync";

export interface FulfilmentDeps {
  db: Db;
  provider: PaymentProvider;
  logger: Logger;
}

/**
 * applied: the named object was re-read and our state set from it (which may change nothing); duplicate: this
 * event was applied before; ignored: the event asks for nothing or names an object the provider does not know;
 * unknown-order: the object's order is not ours or no longer exists (its user was deleted meanwhile).
 */
export type FulfilmentOutcome = "applied" | "duplicate" | "ignored" | "unknown-order";
type Effect = Exclude<FulfilmentOutcome, "duplicate">;

/** The ledger reference of an order's coins: one credit per order, whatever delivers it. */
export function orderReference(orderCode: string): string {
  return `order:${orderCode}`;
}

type ProviderWord =
  | { kind: "nothing" }
  | { kind: "checkout"; checkout: ProviderCheckout; subscription: ProviderSubscription | null }
  | { kind: "subscription"; subscription: ProviderSubscription };

/** The provider's current word about what the event names (network calls: never inside a transaction). */
async function reread(provider: PaymentProvider, event: PaymentEvent): Promise<ProviderWord> {
  if (event.action === "sync-checkout") {
    const checkout = await provider.retrieveCheckout(event.checkoutRef);
    if (!checkout) return { kind: "nothing" };
    const subscription =
      checkout.status === "paid" && checkout.subscriptionRef
        ? await provider.retrieveSubscription(checkout.subscriptionRef)
        : null;
    return { kind: "checkout", checkout, subscription };
  }
  if (event.action === "sync-subscription") {
    const subscription = await provider.retrieveSubscription(event.subscriptionRef);
    return subscription ? { kind: "subscription", subscription } : { kind: "nothing" };
  }
  return { kind: "nothing" };
}

function orderCodeOf(word: ProviderWord): string | null {
  if (word.kind === "checkout") return word.checkout.orderCode;
  if (word.kind === "subscription") return word.subscription.orderCode;
  return null;
}

async function setOrderStatus(tx: Db, order: OrderRow, status: "paid" | "failed" | "cancelled"): Promise<void> {
  if (order.status === status) return;
  if (status === "paid") {
    await tx
      .update(orders)
      .set({ status, paidAt: order.paidAt ?? new Date() })
      .where(eq(orders.id, order.id));
    return;
  }
  // Money that arrived is never taken back by a later word: only a pending order fails or is cancelled.
  if (order.status !== "pending") return;
  await tx
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, order.id), ne(orders.status, "paid")));
}

async function applyCheckout(
  tx: Db,
  deps: FulfilmentDeps,
  word: Extract<ProviderWord, { kind: "checkout" }>,
): Promise<Effect> {
  const { checkout, subscription } = word;
  const order = await lockOrder(tx, checkout.orderCode);
  if (!order) return "unknown-order";
  if (checkout.status === "paid") {
    if (order.kind === "coins" && order.coin !== null && order.coin > 0) {
      // The order's row is locked (lockOrder), and its reference is only credited here.
      await creditCoinsLocked(tx, order.userId, order.coin, "coin purchase", orderReference(order.orderCode));
    }
    await setOrderStatus(tx, order, "paid");
    if (order.kind === "subscription") {
      if (subscription) await syncSubscriptionRow(tx, order, subscription, deps.logger);
      else deps.logger.warn("paid subscription checkout without a subscription", { order_code: order.orderCode });
    }
  } else if (checkout.status === "failed") {
    await setOrderStatus(tx, order, "failed");
  } else if (checkout.status === "expired") {
    await setOrderStatus(tx, order, "cancelled");
  }
  return "applied";
}

async function applySubscription(tx: Db, deps: FulfilmentDeps, subscription: ProviderSubscription): Promise<Effect> {
  const order = await lockOrder(tx, subscription.orderCode);
  if (!order) return "unknown-order";
  if (order.kind !== "subscription") {
    deps.logger.warn("subscription event for a coin order", { order_code: order.orderCode, ref: subscription.ref });
    return "ignored";
  }
  await syncSubscriptionRow(tx, order, subscription, deps.logger);
  return "applied";
}

/**
 * Applies one provider event, exactly once per (provider, event id): re-reads the object the event names from the
 * provider (never trusting the event's own copy), then in one transaction records the event and sets our state
 * from that word: coins credited once per order under `order:{order_code}`, the order marked, the user's
 * subscription row set. Duplicates, late and out-of-order events end in the same state, since each effect is the
 * provider's current word and every write is idempotent. A thrown error writes nothing (the provider retries).
 */
export async function applyPaymentEvent(
  deps: FulfilmentDeps,
  event: PaymentEvent,
): Promise<{ outcome: FulfilmentOutcome }> {
  if (event.provider !== deps.provider.name)
    throw new Error(`payment event of ${event.provider} given to the ${deps.provider.name} provider`);
  const key = and(eq(paymentEvents.provider, event.provider), eq(paymentEvents.eventId, event.eventId));
  const [seen] = await deps.db.select({ id: paymentEvents.id }).from(paymentEvents).where(key);
  if (seen) return { outcome: "duplicate" };

  const word = await reread(deps.provider, event);
  const outcome =
    word.kind === "checkout" && word.checkout.status === "paid" && word.subscription === null
      ? await applyPaidCheckoutAtOnce(deps, event, word)
      : await applyInTransaction(deps, event, word);
  if (outcome === "unknown-order")
    deps.logger.warn("payment event for an unknown order", {
      provider: event.provider,
      event_id: event.eventId,
      order_code: orderCodeOf(word),
    });
  return { outcome };
}

/**
 * A paid checkout without a subscription: one statement (paid-coin-checkout.ts). When another event for the same
 * order credited it while the statement ran, the statement wrote nothing (the ledger's unique reference): the
 * transaction then records this event and, reading after the order's lock, finds the credit.
 */
async function applyPaidCheckoutAtOnce(
  deps: FulfilmentDeps,
  event: PaymentEvent,
  word: Extract<ProviderWord, { kind: "checkout" }>,
): Promise<FulfilmentOutcome> {
  const orderCode = word.checkout.orderCode;
  try {
    const { recorded, found } = await applyPaidCoinCheckout(deps.db, event, orderCode, orderReference(orderCode));
    if (!recorded) return "duplicate";
    return found ? "applied" : "unknown-order";
  } catch (err) {
    if (!isUniqueViolation(err, "wallet_ledger_reference_uq")) throw err;
    return applyInTransaction(deps, event, word);
  }
}

async function applyInTransaction(deps: FulfilmentDeps, event: PaymentEvent, word: ProviderWord) {
  return deps.db.transaction(async (tx): Promise<FulfilmentOutcome> => {
    // The unique (provider, event_id) makes a concurrent delivery of the same event wait here, then do nothing.
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        type: event.type,
        orderCode: orderCodeOf(word),
        payload: event.payload ?? {},
        outcome: "applied",
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!recorded) return "duplicate";
    let result: Effect = "ignored";
    if (word.kind === "checkout") result = await applyCheckout(tx, deps, word);
    else if (word.kind === "subscription") result = await applySubscription(tx, deps, word.subscription);
    if (result !== "applied")
      await tx.update(paymentEvents).set({ outcome: result }).where(eq(paymentEvents.id, recorded.id));
    return result;
  });
}
