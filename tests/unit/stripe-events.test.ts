import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import {
  paymentEventOf,
  STRIPE_SIGNATURE_TOLERANCE_S,
  StripeWebhookRejected,
  verifyStripeEvent,
} from "@/server/providers/payments/stripe-events";
import { checkoutSessionParams, recurringOf } from "@/server/providers/payments/stripe-provider";
import type { CheckoutOrder } from "@/server/providers/payments/types";

const SECRET = "whsec_unit_secret";

function eventJson(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id: `evt_${type}`, object: "event", type, created: 1, data: { object } });
}

function signed(payload: string, timestamp: number, secret = SECRET) {
  return {
    raw: new TextEncoder().encode(payload),
    header: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
  };
}

/** The PaymentEvent for a verified event of this type and object. */
function mapped(type: string, object: Record<string, unknown>) {
  const now = 1_800_000_000;
  const { raw, header } = signed(eventJson(type, object), now);
  return paymentEventOf(verifyStripeEvent(raw, header, SECRET, now * 1000));
}

describe("Stripe webhook verification", () => {
  const now = 1_800_000_000;
  const payload = eventJson("checkout.session.completed", { id: "cs_1", object: "checkout.session" });

  it("accepts a delivery signed with the endpoint's secret within the tolerance", () => {
    const { raw, header } = signed(payload, now - STRIPE_SIGNATURE_TOLERANCE_S);
    expect(verifyStripeEvent(raw, header, SECRET, now * 1000).id).toBe("evt_checkout.session.completed");
  });

  it.each([
    ["no signature", () => ({ raw: new TextEncoder().encode(payload), header: undefined })],
    ["another secret", () => signed(payload, now, "whsec_someone_else")],
    ["older than the tolerance", () => signed(payload, now - STRIPE_SIGNATURE_TOLERANCE_S - 1)],
    [
      "a tampered body",
      () => ({ ...signed(payload, now), raw: new TextEncoder().encode(payload.replace("cs_1", "cs_2")) }),
    ],
    ["a garbled header", () => ({ raw: new TextEncoder().encode(payload), header: "t=abc,v1=zz" })],
    ["a signed body that is not an event", () => signed("[1,2]", now)],
  ])("rejects %s", (_name, make) => {
    const { raw, header } = make();
    expect(() => verifyStripeEvent(raw, header, SECRET, now * 1000)).toThrow(StripeWebhookRejected);
  });
});

describe("Stripe events as payment events", () => {
  it.each([
    "checkout.session.completed",
    "checkout.session.async_payment_succeeded",
    "checkout.session.async_payment_failed",
  ])("%s re-reads the checkout session", (type) => {
    expect(mapped(type, { id: "cs_9", object: "checkout.session" })).toEqual({
      provider: "stripe",
      eventId: `evt_${type}`,
      type,
      action: "sync-checkout",
      checkoutRef: "cs_9",
      payload: expect.objectContaining({ id: `evt_${type}`, type }),
    });
  });

  it.each(["invoice.paid", "invoice.payment_failed"])(
    "%s re-reads the invoice's subscription, in the current and the older invoice shape",
    (type) => {
      const current = { id: "in_1", parent: { subscription_details: { subscription: "sub_new" } } };
      expect(mapped(type, current)).toMatchObject({ action: "sync-subscription", subscriptionRef: "sub_new" });
      expect(mapped(type, { id: "in_2", parent: null, subscription: "sub_old" })).toMatchObject({
        action: "sync-subscription",
        subscriptionRef: "sub_old",
      });
      expect(mapped(type, { id: "in_3", parent: null, subscription: { id: "sub_expanded" } })).toMatchObject({
        subscriptionRef: "sub_expanded",
      });
      expect(mapped(type, { id: "in_4", parent: null })).toMatchObject({ action: "ignore" });
    },
  );

  it.each(["customer.subscription.updated", "customer.subscription.deleted"])(
    "%s re-reads the subscription",
    (type) => {
      expect(mapped(type, { id: "sub_7", object: "subscription" })).toMatchObject({
        action: "sync-subscription",
        subscriptionRef: "sub_7",
      });
    },
  );

  it.each(["checkout.session.expired", "customer.created", "charge.refunded", "some.future.event"])(
    "%s is recorded and ignored",
    (type) => {
      const event = mapped(type, { id: "x_1" });
      expect(event).toMatchObject({ action: "ignore", type });
      expect(event.payload).toMatchObject({ id: `evt_${type}`, type });
    },
  );
});

describe("Checkout Session parameters", () => {
  const order: CheckoutOrder = {
    orderCode: "ord_1",
    kind: "subscription",
    productId: "plan_pro",
    productName: "Pro",
    description: "$9.99/month",
    money: 999,
    currency: "USD",
    periodDays: 30,
    userId: "u1",
    email: "a@example.test",
  };

  it("maps a period in days to Stripe's interval", () => {
    expect([30, 365, 7, 14].map(recurringOf)).toEqual([
      { interval: "month" },
      { interval: "year" },
      { interval: "week" },
      { interval: "day", interval_count: 14 },
    ]);
  });

  it("puts our price and order code on a subscription session, and returns to our own address", () => {
    const params = checkoutSessionParams(order, "https://kewl.example");
    expect(params).toMatchObject({
      mode: "subscription",
      client_reference_id: "ord_1",
      metadata: { order_code: "ord_1" },
      subscription_data: { metadata: { order_code: "ord_1" } },
      customer_email: "a@example.test",
      success_url: "https://kewl.example/payment/callback?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://kewl.example/payment/cancel?order=ord_1",
    });
    expect(params.line_items?.[0]?.price_data).toMatchObject({
      currency: "usd",
      unit_amount: 999,
      recurring: { interval: "month" },
    });
    expect(params.payment_intent_data).toBeUndefined();
  });

  it("makes a one-off payment for coins, without an e-mail when none is known", () => {
    const params = checkoutSessionParams(
      { ...order, kind: "coins", periodDays: null, email: null, money: 499, currency: "EUR" },
      "http://localhost:3000",
    );
    expect(params).toMatchObject({ mode: "payment", payment_intent_data: { metadata: { order_code: "ord_1" } } });
    expect(params.line_items?.[0]?.price_data).toMatchObject({ currency: "eur", unit_amount: 499 });
    expect(params.line_items?.[0]?.price_data?.recurring).toBeUndefined();
    expect(params.customer_email).toBeUndefined();
    expect(params.subscription_data).toBeUndefined();
  });
});
