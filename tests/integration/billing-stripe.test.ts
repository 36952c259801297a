import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderCreatedSchema } from "@/lib/contracts/billing-client";
import { orders, walletLedger } from "@/server/db/schema";
import type { StripeTestEvent } from "@/tests/support/stripe-test-server";
import { buy, data, PLUS, POPULAR, signIn } from "./billing-support";
import { testDrivers } from "./helpers/test-database";
import {
  answer,
  BASE_URL,
  coinsOf,
  itemPeriodEnd,
  orderWithSession,
  recordedEvent,
  SECRET_KEY,
  stripeSuite,
  subscriptionOf,
} from "./stripe-support";

/**
 * Orders paid on Stripe: the real `stripe` SDK against the Stripe-compatible test server, its events signed by
 * the SDK's test helper and delivered to POST /v1/payment/stripe/webhook.
 */
describe.each(testDrivers())("Stripe payments on %s", (driver) => {
  const suite = stripeSuite(driver);
  const db = () => suite.database.db;
  const orderRow = async (orderCode: string) =>
    (await db().select().from(orders).where(eq(orders.orderCode, orderCode)))[0];

  it("sells coins on a payment-mode Checkout Session at our price and credits them once, however often told", async () => {
    const { user, auth } = await signIn(db());
    const { orderCode, sessionId } = await orderWithSession(suite, auth, "buy_coin", POPULAR);
    expect(suite.stripe.session(sessionId)).toMatchObject({
      mode: "payment",
      client_reference_id: orderCode,
      metadata: { order_code: orderCode },
      customer_email: user.email,
      success_url: `${BASE_URL}/payment/callback?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${BASE_URL}/payment/cancel?order=${orderCode}`,
    });
    expect(suite.stripe.lineItem(sessionId)).toMatchObject({
      quantity: 1,
      price_data: { currency: POPULAR.currency.toLowerCase(), unit_amount: POPULAR.money, recurring: null },
    });
    const create = suite.stripe.requests.find((r) => r.form.client_reference_id === orderCode);
    expect(create?.form.payment_intent_data).toEqual({ metadata: { order_code: orderCode } });
    expect(await coinsOf(suite, auth)).toBe(0);

    const completed = suite.stripe.completeSession(sessionId);
    expect(await answer(await suite.deliver(completed))).toEqual({ status: 200, code: 0, outcome: "applied" });
    expect(await answer(await suite.deliver(completed))).toEqual({ status: 200, code: 0, outcome: "duplicate" });
    expect(await coinsOf(suite, auth)).toBe(550);
    const ledger = await db().select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(ledger.map((row) => [row.delta, row.reference])).toEqual([[550, `order:${orderCode}`]]);
    expect(await orderRow(orderCode)).toMatchObject({ status: "paid" });
    expect(await recordedEvent(suite, completed.id)).toMatchObject({
      provider: "stripe",
      type: "checkout.session.completed",
      orderCode,
      outcome: "applied",
    });
  });

  it("credits an asynchronous payment when it succeeds, and fails the order without coins when it does not", async () => {
    const { auth } = await signIn(db());
    const later = await orderWithSession(suite, auth, "buy_coin", POPULAR);
    const pending = suite.stripe.completeSession(later.sessionId, "pending");
    expect(await answer(await suite.deliver(pending))).toMatchObject({ status: 200, outcome: "applied" });
    expect(await coinsOf(suite, auth)).toBe(0);
    expect(await orderRow(later.orderCode)).toMatchObject({ status: "pending" });
    await suite.deliver(suite.stripe.succeedAsyncPayment(later.sessionId));
    expect(await coinsOf(suite, auth)).toBe(550);
    expect(await orderRow(later.orderCode)).toMatchObject({ status: "paid" });

    const { auth: other } = await signIn(db());
    const refused = await orderWithSession(suite, other, "buy_coin", POPULAR);
    await suite.deliver(suite.stripe.completeSession(refused.sessionId, "pending"));
    const failed = suite.stripe.failAsyncPayment(refused.sessionId);
    expect(await answer(await suite.deliver(failed))).toMatchObject({ status: 200, outcome: "applied" });
    expect(await orderRow(refused.orderCode)).toMatchObject({ status: "failed", paidAt: null });
    expect(await coinsOf(suite, other)).toBe(0);
  });

  it("activates a plan until its item's period end, extends it on each paid invoice, and cancels and ends it on Stripe's word", async () => {
    const { auth } = await signIn(db());
    const { orderCode, sessionId } = await orderWithSession(suite, auth, "subscribe", PLUS);
    expect(suite.stripe.session(sessionId)).toMatchObject({
      mode: "subscription",
      metadata: { order_code: orderCode },
    });
    expect(suite.stripe.lineItem(sessionId)).toMatchObject({
      price_data: { unit_amount: PLUS.money, recurring: { interval: "month", interval_count: 1 } },
    });
    const create = suite.stripe.requests.find((r) => r.form.client_reference_id === orderCode);
    expect(create?.form.subscription_data).toEqual({ metadata: { order_code: orderCode } });

    await suite.deliver(suite.stripe.completeSession(sessionId));
    const subscriptionId = String(suite.stripe.session(sessionId).subscription);
    const firstEnd = itemPeriodEnd(suite.stripe, subscriptionId);
    expect(await subscriptionOf(suite, auth)).toEqual({
      is_subscribe: true,
      product_info: { product_id: PLUS.productId },
      subscribe_info: { status: 1, expire_timestamp: firstEnd },
    });

    // invoice.paid in the current shape (parent.subscription_details), then in the one before 2025-03-31.
    await suite.deliver(suite.stripe.renewSubscription(subscriptionId));
    const secondEnd = itemPeriodEnd(suite.stripe, subscriptionId);
    expect(secondEnd).toBeGreaterThan(firstEnd);
    expect((await subscriptionOf(suite, auth)).subscribe_info).toEqual({ status: 1, expire_timestamp: secondEnd });
    const legacy = suite.stripe.renewSubscription(subscriptionId, { legacyInvoice: true });
    expect(legacy.data.object).toMatchObject({ subscription: subscriptionId, parent: null });
    expect(await answer(await suite.deliver(legacy))).toMatchObject({ status: 200, outcome: "applied" });
    const thirdEnd = itemPeriodEnd(suite.stripe, subscriptionId);
    expect((await subscriptionOf(suite, auth)).subscribe_info).toEqual({ status: 1, expire_timestamp: thirdEnd });

    // Cancelled in the Dashboard: still paid until the same expiry.
    await suite.deliver(suite.stripe.updateSubscription(subscriptionId, { cancel_at_period_end: true }));
    expect(await subscriptionOf(suite, auth)).toMatchObject({
      is_subscribe: true,
      subscribe_info: { status: 2, expire_timestamp: thirdEnd },
    });

    // Ended now (say, refunded): lapsed at once.
    const deleted = suite.stripe.endSubscription(subscriptionId);
    expect(await answer(await suite.deliver(deleted))).toMatchObject({ status: 200, outcome: "applied" });
    const lapsed = await subscriptionOf(suite, auth);
    expect(lapsed.subscribe_info?.status).toBe(2);
    expect(lapsed.subscribe_info!.expire_timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(lapsed.is_subscribe).toBe(false);
  });

  it("stops paying a plan through the period it was paid for when a renewal fails", async () => {
    const { auth } = await signIn(db());
    const { sessionId } = await orderWithSession(suite, auth, "subscribe", PLUS);
    await suite.deliver(suite.stripe.completeSession(sessionId));
    const subscriptionId = String(suite.stripe.session(sessionId).subscription);
    const paidEnd = itemPeriodEnd(suite.stripe, subscriptionId);
    const failed = suite.stripe.failRenewal(subscriptionId);
    expect(await answer(await suite.deliver(failed))).toMatchObject({ status: 200, outcome: "applied" });
    expect((await subscriptionOf(suite, auth)).subscribe_info).toEqual({ status: 2, expire_timestamp: paidEnd });
    // Stripe's retry succeeds: renewing again, through the new period.
    await suite.deliver(suite.stripe.renewSubscription(subscriptionId));
    expect((await subscriptionOf(suite, auth)).subscribe_info).toEqual({
      status: 1,
      expire_timestamp: itemPeriodEnd(suite.stripe, subscriptionId),
    });
  });

  it("cancels at period end on Stripe through our API, and resumes there on resubscribing", async () => {
    const { auth } = await signIn(db());
    const { sessionId } = await orderWithSession(suite, auth, "subscribe", PLUS);
    await suite.deliver(suite.stripe.completeSession(sessionId));
    const subscriptionId = String(suite.stripe.session(sessionId).subscription);
    const end = itemPeriodEnd(suite.stripe, subscriptionId);

    const cancelled = await suite.api.post("/v1/subscribe/cancel", {}, auth);
    expect(cancelled.status).toBe(200);
    expect(suite.stripe.subscription(subscriptionId)).toMatchObject({ status: "active", cancel_at_period_end: true });
    expect((await subscriptionOf(suite, auth)).subscribe_info).toEqual({ status: 2, expire_timestamp: end });
    // Stripe's own event about that change, delivered after the answer, agrees.
    const update = suite.stripe.events.findLast(
      (e) => e.type === "customer.subscription.updated" && e.data.object.id === subscriptionId,
    );
    expect(update?.data.object).toMatchObject({ cancel_at_period_end: true });
    expect(await answer(await suite.deliver(update!))).toMatchObject({ status: 200, outcome: "applied" });
    expect((await subscriptionOf(suite, auth)).subscribe_info).toEqual({ status: 2, expire_timestamp: end });

    const resumed = await data(await buy(suite.api, auth, "subscribe", PLUS), orderCreatedSchema);
    expect(resumed).toMatchObject({ resumed: true, order_code: null });
    expect(suite.stripe.subscription(subscriptionId)).toMatchObject({ cancel_at_period_end: false });
    expect((await subscriptionOf(suite, auth)).subscribe_info).toEqual({ status: 1, expire_timestamp: end });
  });

  it("records and ignores an event for a checkout that is not one of our orders", async () => {
    // Another app on the same Stripe account: a session with an order code we never made.
    const foreign = await fetch(`${suite.stripe.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${SECRET_KEY}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body:
        "mode=payment&client_reference_id=theirs-1&metadata[order_code]=theirs-1&success_url=https://x&" +
        "line_items[0][quantity]=1&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=100",
    });
    const { id } = (await foreign.json()) as { id: string };
    const event = suite.stripe.completeSession(id);
    expect(await answer(await suite.deliver(event))).toEqual({ status: 200, code: 0, outcome: "unknown-order" });
    expect(await recordedEvent(suite, event.id)).toMatchObject({ orderCode: "theirs-1", outcome: "unknown-order" });
    // A session Stripe no longer knows either.
    const missing = suite.stripe.otherEvent("checkout.session.completed", {
      id: "cs_test_gone",
      object: "checkout.session",
    });
    expect(await answer(await suite.deliver(missing))).toMatchObject({ status: 200, outcome: "ignored" });
  });

  it.each([
    ["checkout.session.expired", null],
    // A NUL in a customer's text: Postgres jsonb refuses it, so it is recorded replaced.
    ["customer.created", { id: "cus_test_1", object: "customer", name: "Nul\u0000in a name" }],
    ["charge.refunded", { id: "ch_test_1", object: "charge" }],
    ["invoice.paid", { id: "in_test_oneoff", object: "invoice", parent: null }],
  ])("answers 200 to %s and only records it", async (type, object) => {
    let event: StripeTestEvent;
    if (type === "checkout.session.expired") {
      const { auth } = await signIn(db());
      const { orderCode, sessionId } = await orderWithSession(suite, auth, "buy_coin", POPULAR);
      event = suite.stripe.expireSession(sessionId);
      expect(await answer(await suite.deliver(event))).toEqual({ status: 200, code: 0, outcome: "ignored" });
      expect(await orderRow(orderCode)).toMatchObject({ status: "pending" });
    } else {
      event = suite.stripe.otherEvent(type, object!);
      expect(await answer(await suite.deliver(event))).toEqual({ status: 200, code: 0, outcome: "ignored" });
    }
    expect(await recordedEvent(suite, event.id)).toMatchObject({ type, outcome: "ignored" });
  });
});
