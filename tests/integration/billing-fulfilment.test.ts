import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderCreatedSchema } from "@/lib/contracts/billing-client";
import { orders, paymentEvents, sandboxSubscriptions, subscriptions, walletLedger } from "@/server/db/schema";
import { applyPaymentEvent } from "@/server/modules/billing/fulfilment";
import { runSandboxRenewals } from "@/server/modules/billing/sandbox-renewals";
import { getBalance } from "@/server/modules/wallet/wallet";
import {
  expireSandboxCheckout,
  findSandboxCheckout,
  paySandboxCheckout,
  renewSandboxSubscription,
} from "@/server/providers/payments/sandbox-side";
import type { PaymentEvent } from "@/server/providers/payments/types";
import { billingSuite, buy, buyAndPay, DAY_MS, data, deleteUser, PLUS, POPULAR, PRO, signIn } from "./billing-support";
import { testDrivers } from "./helpers/test-database";

let eventSeq = 0;
const checkoutEvent = (checkoutRef: string, eventId = `evt-test-${++eventSeq}`, type = "checkout.paid") =>
  ({
    provider: "sandbox",
    eventId,
    type,
    payload: { note: "the event's own copy is never trusted" },
    action: "sync-checkout",
    checkoutRef,
  }) satisfies PaymentEvent;
const subscriptionEvent = (subscriptionRef: string, eventId = `evt-test-${++eventSeq}`) =>
  ({
    provider: "sandbox",
    eventId,
    type: "subscription.updated",
    payload: {},
    action: "sync-subscription",
    subscriptionRef,
  }) satisfies PaymentEvent;

describe.each(testDrivers())("payment fulfilment on %s", (driver) => {
  const suite = billingSuite(driver);
  const db = () => suite.database.db;

  /** An order made through the API whose sandbox checkout is then paid on the sandbox's side only. */
  async function paidAtSandbox(
    auth: Record<string, string>,
    kind: "subscribe" | "buy_coin",
    product: { productId: string; money: number; currency: string } = POPULAR,
  ) {
    const order = await data(await buy(suite.api, auth, kind, product), orderCreatedSchema);
    const checkout = await findSandboxCheckout(db(), order.order_code!);
    const paid = await paySandboxCheckout(db(), checkout!.ref, new Date());
    return { orderCode: order.order_code!, checkout: paid! };
  }

  const eventsOf = (orderCode: string) =>
    db().select().from(paymentEvents).where(eq(paymentEvents.orderCode, orderCode));

  it("credits a paid coin order once under order:{code}, however often and concurrently its event comes", async () => {
    const { user, auth } = await signIn(db());
    const { orderCode, checkout } = await paidAtSandbox(auth, "buy_coin");
    const event = checkoutEvent(checkout.ref);
    const results = await Promise.all(Array.from({ length: 5 }, () => applyPaymentEvent(suite.fulfilment, event)));
    expect(results.map((r) => r.outcome).sort()).toEqual([
      "applied",
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
    ]);
    // Other events naming the same checkout (a provider sends several) change nothing more.
    for (const type of ["checkout.session.completed", "checkout.session.async_payment_succeeded"])
      expect(await applyPaymentEvent(suite.fulfilment, checkoutEvent(checkout.ref, undefined, type))).toEqual({
        outcome: "applied",
      });
    expect(await getBalance(db(), user.id)).toBe(550);
    const ledger = await db().select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 550, balanceAfter: 550, reference: `order:${orderCode}` });
    const [order] = await db().select().from(orders).where(eq(orders.orderCode, orderCode));
    expect(order).toMatchObject({ status: "paid" });
    expect(order!.paidAt).not.toBeNull();
    const recorded = await eventsOf(orderCode);
    expect(recorded.map((e) => e.outcome)).toEqual(["applied", "applied", "applied"]);
    expect(recorded.find((e) => e.eventId === event.eventId)).toMatchObject({
      type: "checkout.paid",
      payload: event.payload,
    });
  });

  it("credits 200 coin orders exactly once when each event comes 5 times, shuffled and concurrent", async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signIn(db())));
    const events: PaymentEvent[] = [];
    for (const [i, buyer] of buyers.entries()) {
      for (let j = 0; j < 10; j++) {
        const orderCode = `ord_bulk_${i}_${j}_${++eventSeq}`;
        await db()
          .insert(orders)
          .values({
            orderCode,
            userId: buyer.user.id,
            kind: "coins",
            productId: POPULAR.productId,
            productName: POPULAR.name,
            coin: 1 + j,
            currency: "USD",
            money: POPULAR.money,
            provider: "sandbox",
          });
        const page = await suite.provider.createCheckout({
          orderCode,
          kind: "coins",
          productId: POPULAR.productId,
          productName: POPULAR.name,
          description: "",
          money: POPULAR.money,
          currency: "USD",
          periodDays: null,
          userId: buyer.user.id,
          email: null,
        });
        await paySandboxCheckout(db(), page.providerRef, new Date());
        events.push(checkoutEvent(page.providerRef));
      }
    }
    const deliveries = events.flatMap((e) => [e, e, e, e, e]);
    for (let i = deliveries.length - 1; i > 0; i--) {
      const k = Math.floor(Math.random() * (i + 1));
      [deliveries[i], deliveries[k]] = [deliveries[k]!, deliveries[i]!];
    }
    const outcomes = await Promise.all(deliveries.map((e) => applyPaymentEvent(suite.fulfilment, e)));
    expect(outcomes.filter((o) => o.outcome === "applied")).toHaveLength(200);
    expect(outcomes.filter((o) => o.outcome === "duplicate")).toHaveLength(800);
    for (const buyer of buyers) {
      const ledger = await db().select().from(walletLedger).where(eq(walletLedger.userId, buyer.user.id));
      expect(ledger).toHaveLength(10);
      const sum = ledger.reduce((total, entry) => total + entry.delta, 0);
      expect(sum).toBe(55);
      expect(await getBalance(db(), buyer.user.id)).toBe(sum);
    }
  });

  it("takes the provider's current word over the event's: late and out-of-order events end in the same state", async () => {
    const { user, auth } = await signIn(db());
    // A paid order named by an "expired" event, late: it stays paid (money that arrived is never taken back).
    const paid = await paidAtSandbox(auth, "buy_coin");
    await applyPaymentEvent(suite.fulfilment, checkoutEvent(paid.checkout.ref, undefined, "checkout.expired"));
    await applyPaymentEvent(suite.fulfilment, checkoutEvent(paid.checkout.ref));
    // A checkout that expired, named by a "paid" event: nothing is credited, the order is cancelled.
    const small = { productId: "coins-100", money: 199, currency: "USD" };
    const left = await data(await buy(suite.api, auth, "buy_coin", small), orderCreatedSchema);
    const leftCheckout = await findSandboxCheckout(db(), left.order_code!);
    await expireSandboxCheckout(db(), leftCheckout!.ref, new Date());
    await applyPaymentEvent(suite.fulfilment, checkoutEvent(leftCheckout!.ref, undefined, "checkout.paid"));
    const rows = await db().select().from(orders).where(eq(orders.userId, user.id));
    expect(Object.fromEntries(rows.map((o) => [o.orderCode, o.status]))).toEqual({
      [paid.orderCode]: "paid",
      [left.order_code!]: "cancelled",
    });
    expect(await getBalance(db(), user.id)).toBe(550);

    // A subscription: its renewal's event before the checkout's, then both again.
    const plan = await signIn(db());
    const sub = await paidAtSandbox(plan.auth, "subscribe", PLUS);
    const subRef = sub.checkout.subscriptionRef!;
    const [started] = await db().select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.ref, subRef));
    const renewedTo = await renewSandboxSubscription(db(), subRef, started!.currentPeriodEnd);
    expect(renewedTo!.getTime()).toBe(started!.currentPeriodEnd.getTime() + 30 * DAY_MS);
    const renewal = subscriptionEvent(subRef);
    const checkout = checkoutEvent(sub.checkout.ref);
    for (const event of [renewal, checkout, renewal, checkout]) await applyPaymentEvent(suite.fulfilment, event);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, plan.user.id));
    expect(row).toMatchObject({
      productId: PLUS.productId,
      status: 1,
      cancelAtPeriodEnd: false,
      provider: "sandbox",
      providerRef: subRef,
      orderCode: sub.orderCode,
    });
    expect(row!.currentPeriodEnd.getTime()).toBe(renewedTo!.getTime());
    const [order] = await db().select().from(orders).where(eq(orders.orderCode, sub.orderCode));
    expect(order!.status).toBe("paid");
  });

  it("never lets an event about an old subscription overwrite the newer one the user holds", async () => {
    const { user, auth } = await signIn(db());
    const now = new Date();
    await buyAndPay(suite.api, auth, "subscribe", PLUS);
    const [old] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    // Cancelled: still paid this month, so another plan can be bought meanwhile.
    await data(await suite.api.post("/v1/subscribe/cancel", {}, auth), { parse: (v) => v });
    const proOrder = await buyAndPay(suite.api, auth, "subscribe", PRO);
    const [held] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(held).toMatchObject({ productId: PRO.productId, status: 1, orderCode: proOrder });
    expect(held!.providerRef).not.toBe(old!.providerRef);

    // Events about the old one: now (cancelled, still active at the provider) and once it has ended.
    expect(await applyPaymentEvent(suite.fulfilment, subscriptionEvent(old!.providerRef!))).toEqual({
      outcome: "applied",
    });
    const ran = await runSandboxRenewals(suite.fulfilment, new Date(now.getTime() + 31 * DAY_MS));
    expect(ran.ended).toBeGreaterThanOrEqual(1);
    const [ended] = await db()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.ref, old!.providerRef!));
    expect(ended!.status).toBe("ended");
    const [oldCheckout] = await db()
      .select({ ref: orders.providerRef })
      .from(orders)
      .where(eq(orders.orderCode, old!.orderCode!));
    await applyPaymentEvent(suite.fulfilment, checkoutEvent(oldCheckout!.ref!));
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(after).toMatchObject({ productId: PRO.productId, status: 1, providerRef: held!.providerRef });
    expect(after!.currentPeriodEnd.getTime()).toBe(held!.currentPeriodEnd.getTime());
    // Not even once the newer one is cancelled too.
    await data(await suite.api.post("/v1/subscribe/cancel", {}, auth), { parse: (v) => v });
    await applyPaymentEvent(suite.fulfilment, subscriptionEvent(old!.providerRef!));
    const [last] = await db().select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(last).toMatchObject({ productId: PRO.productId, status: 2, providerRef: held!.providerRef });
  });

  it("records an event for a user deleted meanwhile as unknown-order, credits nothing, and does not fail", async () => {
    const coins = await signIn(db());
    const { orderCode, checkout } = await paidAtSandbox(coins.auth, "buy_coin");
    const plan = await signIn(db());
    const sub = await paidAtSandbox(plan.auth, "subscribe", PLUS);
    await applyPaymentEvent(suite.fulfilment, checkoutEvent(sub.checkout.ref));
    await deleteUser(db(), coins.user.id);
    await deleteUser(db(), plan.user.id);

    expect(await applyPaymentEvent(suite.fulfilment, checkoutEvent(checkout.ref))).toEqual({
      outcome: "unknown-order",
    });
    expect(await eventsOf(orderCode)).toMatchObject([{ outcome: "unknown-order" }]);
    expect(await db().select().from(walletLedger).where(eq(walletLedger.userId, coins.user.id))).toEqual([]);
    // The sandbox still renews the deleted user's subscription; its event is recorded the same way.
    const [s] = await db()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.ref, sub.checkout.subscriptionRef!));
    await runSandboxRenewals(suite.fulfilment, new Date(s!.currentPeriodEnd.getTime() + 1000));
    const renewal = await db()
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderCode, sub.orderCode), eq(paymentEvents.type, "subscription.renewed")));
    expect(renewal.map((e) => e.outcome)).toEqual(["unknown-order"]);
  });

  it("records events that ask for nothing or name what the provider does not know as ignored", async () => {
    const ignore = {
      provider: "sandbox",
      eventId: `evt-ignore-${++eventSeq}`,
      type: "customer.created",
      payload: {},
      action: "ignore",
    } satisfies PaymentEvent;
    expect(await applyPaymentEvent(suite.fulfilment, ignore)).toEqual({ outcome: "ignored" });
    expect(await applyPaymentEvent(suite.fulfilment, ignore)).toEqual({ outcome: "duplicate" });
    expect(await applyPaymentEvent(suite.fulfilment, checkoutEvent("sbx_cs_nothing"))).toEqual({ outcome: "ignored" });
    expect(await applyPaymentEvent(suite.fulfilment, subscriptionEvent("sbx_sub_nothing"))).toEqual({
      outcome: "ignored",
    });
    const [row] = await db().select().from(paymentEvents).where(eq(paymentEvents.eventId, ignore.eventId));
    expect(row).toMatchObject({ outcome: "ignored", type: "customer.created", orderCode: null });
    await expect(applyPaymentEvent(suite.fulfilment, { ...ignore, provider: "stripe" })).rejects.toThrow();
  });
});
