import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_CODES } from "@/lib/contracts/billing-codes";
import { AppError } from "@/server/errors";
import { createStripeProvider } from "@/server/providers/payments/stripe-provider";
import type { CheckoutOrder, PaymentProvider } from "@/server/providers/payments/types";
import { startStripeTestServer, type StripeTestServer } from "@/tests/support/stripe-test-server";

const SECRET_KEY = "sk_test_provider";

/** The real `stripe` SDK through our provider, against the Stripe-compatible test server. */
describe("Stripe provider", () => {
  let clock = Date.UTC(2026, 0, 31, 12);
  let stripe: StripeTestServer;
  let provider: PaymentProvider;
  beforeAll(async () => {
    stripe = await startStripeTestServer({ secretKey: SECRET_KEY, now: () => clock });
    provider = createStripeProvider({
      secretKey: SECRET_KEY,
      publicBaseUrl: "https://kewl.example",
      apiUrl: stripe.url,
    });
  });
  afterAll(async () => stripe?.close());

  const order = (over: Partial<CheckoutOrder>): CheckoutOrder => ({
    orderCode: `ord_${Math.random().toString(36).slice(2)}`,
    kind: "coins",
    productId: "coins_550",
    productName: "550 Coins",
    description: "550 coins",
    money: 499,
    currency: "USD",
    periodDays: null,
    userId: "u1",
    email: null,
    ...over,
  });

  it("opens a payment-mode session at our price, once per order even when asked twice", async () => {
    const coins = order({ money: 1299, currency: "EUR" });
    const page = await provider.createCheckout(coins);
    const again = await provider.createCheckout(coins);
    expect(again).toEqual(page);
    expect(stripe.sessions().filter((s) => s.client_reference_id === coins.orderCode)).toHaveLength(1);
    const session = stripe.session(page.providerRef);
    expect(page.redirectUri).toBe(session.url);
    expect(session).toMatchObject({
      mode: "payment",
      client_reference_id: coins.orderCode,
      metadata: { order_code: coins.orderCode },
      success_url: "https://kewl.example/payment/callback?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: `https://kewl.example/payment/cancel?order=${coins.orderCode}`,
    });
    expect(stripe.lineItem(page.providerRef)).toMatchObject({
      price_data: { currency: "eur", unit_amount: 1299, product_data: { name: "550 Coins" }, recurring: null },
    });
    const create = stripe.requests.find(
      (r) => r.path === "/v1/checkout/sessions" && r.form.client_reference_id === coins.orderCode,
    );
    expect(create?.idempotencyKey).toBe(`kewl-checkout-${coins.orderCode}`);
    expect(create?.form.payment_intent_data).toEqual({ metadata: { order_code: coins.orderCode } });
    expect(await provider.retrieveCheckout(page.providerRef)).toEqual({
      ref: page.providerRef,
      orderCode: coins.orderCode,
      status: "open",
      subscriptionRef: null,
    });
  });

  it("reads a paid, a pending and an expired checkout", async () => {
    const paid = await provider.createCheckout(order({}));
    stripe.completeSession(paid.providerRef);
    expect(await provider.retrieveCheckout(paid.providerRef)).toMatchObject({ status: "paid" });

    const pending = await provider.createCheckout(order({}));
    stripe.completeSession(pending.providerRef, "pending");
    expect(await provider.retrieveCheckout(pending.providerRef)).toMatchObject({ status: "open" });
    stripe.failAsyncPayment(pending.providerRef);
    expect(await provider.retrieveCheckout(pending.providerRef)).toMatchObject({ status: "failed" });

    const later = await provider.createCheckout(order({}));
    stripe.completeSession(later.providerRef, "pending");
    stripe.succeedAsyncPayment(later.providerRef);
    expect(await provider.retrieveCheckout(later.providerRef)).toMatchObject({ status: "paid" });

    const expired = await provider.createCheckout(order({}));
    stripe.expireSession(expired.providerRef);
    expect(await provider.retrieveCheckout(expired.providerRef)).toMatchObject({ status: "expired" });
    expect(await provider.retrieveCheckout("cs_test_missing")).toBeNull();
  });

  it("starts a subscription whose period end comes from its items, then cancels and resumes it", async () => {
    const plan = order({ kind: "subscription", money: 999, periodDays: 30, email: "p@example.test" });
    const page = await provider.createCheckout(plan);
    expect(stripe.session(page.providerRef)).toMatchObject({ mode: "subscription", customer_email: "p@example.test" });
    expect(stripe.lineItem(page.providerRef)).toMatchObject({
      price_data: { unit_amount: 999, recurring: { interval: "month", interval_count: 1 } },
    });
    stripe.completeSession(page.providerRef);
    const checkout = await provider.retrieveCheckout(page.providerRef);
    expect(checkout).toMatchObject({ status: "paid", orderCode: plan.orderCode });
    const ref = checkout!.subscriptionRef!;
    // The items' period (Stripe's calendar month from 31 January), not a date of the subscription's own.
    const periodEnd = new Date(Date.UTC(2026, 1, 28, 12));
    expect(firstItemEnd(stripe.subscription(ref))).toBe(periodEnd.getTime() / 1000);
    expect(await provider.retrieveSubscription(ref)).toEqual({
      ref,
      orderCode: plan.orderCode,
      status: "active",
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd,
    });

    await provider.cancelAtPeriodEnd(ref);
    expect(stripe.subscription(ref).cancel_at_period_end).toBe(true);
    expect(await provider.retrieveSubscription(ref)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    await provider.resume(ref);
    expect(stripe.subscription(ref).cancel_at_period_end).toBe(false);

    clock = Date.UTC(2026, 1, 28, 12);
    stripe.renewSubscription(ref);
    const renewed = new Date(Date.UTC(2026, 2, 28, 12));
    expect(await provider.retrieveSubscription(ref)).toMatchObject({ status: "active", currentPeriodEnd: renewed });
    // The next renewal is not paid: paid through the start of the period owed, not its end.
    clock = renewed.getTime();
    stripe.failRenewal(ref);
    expect(await provider.retrieveSubscription(ref)).toMatchObject({ status: "past_due", currentPeriodEnd: renewed });
    clock += 3 * 86_400_000;
    stripe.endSubscription(ref);
    expect(await provider.retrieveSubscription(ref)).toMatchObject({
      status: "ended",
      currentPeriodEnd: new Date(clock),
    });
    expect(await provider.retrieveSubscription("sub_test_missing")).toBeNull();
  });

  it("fails with PROVIDER_FAILED when Stripe refuses the key", async () => {
    const wrongKey = createStripeProvider({
      secretKey: "sk_test_wrong",
      publicBaseUrl: "http://x",
      apiUrl: stripe.url,
    });
    const error = await wrongKey.createCheckout(order({})).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502, code: BILLING_CODES.PROVIDER_FAILED });
    await expect(wrongKey.retrieveSubscription("sub_x")).rejects.toMatchObject({ status: 502 });
  });
});

function firstItemEnd(subscription: Record<string, unknown>): number {
  const items = subscription.items as { data: Array<{ current_period_end: number }> };
  return items.data[0]!.current_period_end;
}
