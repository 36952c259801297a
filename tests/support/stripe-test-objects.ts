import { addInterval, asObject, asString, type JsonObject, newId, type Recurring } from "./stripe-test-values";

/**
 * Stripe's Subscription and Invoice objects in the shapes of the current API, for the Stripe test server
 * (stripe-test-server.ts): period dates on the subscription's items, an invoice's subscription under
 * parent.subscription_details (or, for an API version before 2025-03-31, at the top).
 */

export function firstItem(subscription: JsonObject): JsonObject {
  const data = asObject(subscription.items).data;
  return asObject(Array.isArray(data) ? data[0] : null);
}

/** A new subscription of one item at the session's price, its first period starting at `start` (s). */
export function subscriptionObject(input: {
  paid: boolean;
  metadata: JsonObject;
  start: number;
  recurring: Recurring;
  priceData: JsonObject;
}): JsonObject {
  const { paid, metadata, start, recurring, priceData } = input;
  const id = newId("sub");
  return {
    id,
    object: "subscription",
    status: paid ? "active" : "incomplete",
    customer: newId("cus"),
    metadata,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    start_date: start,
    created: start,
    latest_invoice: null,
    livemode: false,
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          id: newId("si"),
          object: "subscription_item",
          subscription: id,
          quantity: 1,
          current_period_start: start,
          current_period_end: addInterval(start, recurring),
          price: {
            id: newId("price"),
            object: "price",
            currency: priceData.currency ?? null,
            unit_amount: priceData.unit_amount ?? null,
            recurring: { ...recurring },
            product: newId("prod"),
          },
        },
      ],
    },
  };
}

/** The invoice of the subscription's current period. legacy: in an API version before 2025-03-31. */
export function invoiceObject(
  subscription: JsonObject,
  invoice: { reason: string; paid: boolean; legacy: boolean; created: number },
): JsonObject {
  const item = firstItem(subscription);
  const amount = Number(asObject(item.price).unit_amount);
  return {
    id: newId("in"),
    object: "invoice",
    billing_reason: invoice.reason,
    customer: subscription.customer ?? null,
    currency: asObject(item.price).currency ?? null,
    amount_due: amount,
    amount_paid: invoice.paid ? amount : 0,
    status: invoice.paid ? "paid" : "open",
    period_start: item.current_period_start ?? null,
    period_end: item.current_period_end ?? null,
    created: invoice.created,
    livemode: false,
    ...(invoice.legacy
      ? { subscription: subscription.id ?? null, parent: null }
      : {
          parent: {
            type: "subscription_details",
            quote_details: null,
            subscription_details: { metadata: subscription.metadata ?? {}, subscription: subscription.id ?? null },
          },
        }),
  };
}

/** Billing moves every item to its next period, paid or not. */
export function nextPeriod(subscription: JsonObject): void {
  const item = firstItem(subscription);
  const start = Number(item.current_period_end);
  const recurring = asObject(asObject(item.price).recurring);
  item.current_period_start = start;
  item.current_period_end = addInterval(start, {
    interval: asString(recurring.interval) as Recurring["interval"],
    interval_count: Number(recurring.interval_count),
  });
}
