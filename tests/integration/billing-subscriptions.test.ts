import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderCreatedSchema, subscriptionInfoSchema } from "@/lib/contracts/billing-client";
import { BILLING_CODES } from "@/lib/contracts/billing-codes";
import { chatModelListSchema, walletSchema } from "@/lib/contracts/chat-client";
import { paymentEvents, sandboxSubscriptions, subscriptions } from "@/server/db/schema";
import { createOrder } from "@/server/modules/billing/orders";
import { readSubscriptionInfo } from "@/server/modules/billing/subscriptions";
import { runSandboxRenewals } from "@/server/modules/billing/sandbox-renewals";
import { priceReply } from "@/server/modules/chat/metering";
import { readPayerState } from "@/server/modules/chat/payer-state";
import { readWallet } from "@/server/modules/chat/wallet-summary";
import { billingSuite, body, buy, buyAndPay, DAY_MS, data, ordersOf, PLUS, PRO, signIn } from "./billing-support";
import { testDrivers } from "./helpers/test-database";

const premium = { coinCost: 2, premium: true };
const expensive = { coinCost: 10, premium: true };
const standard = { coinCost: 0, premium: false };

describe.each(testDrivers())("subscriptions on %s", (driver) => {
  const suite = billingSuite(driver);
  const db = () => suite.database.db;
  const info = async (auth: Record<string, string>, path = "/v1/subscribe/me") =>
    data(await suite.api.request(path, { headers: auth }), subscriptionInfoSchema);
  const rowOf = async (userId: string) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
  /** What a reply costs the user at `at`, as chat metering prices it. */
  const price = async (userId: string, model: { coinCost: number; premium: boolean }, at = new Date()) =>
    priceReply(model, (await readPayerState(db(), userId, at)).plan);

  it("shows no plan before one is bought, and the plan's benefits in chat metering once it is paid", async () => {
    const { user, auth } = await signIn(db());
    expect(await info(auth)).toEqual({ is_subscribe: false, product_info: null, subscribe_info: null });
    expect(await price(user.id, standard)).toEqual({ kind: "allowance" });
    expect(await price(user.id, premium)).toEqual({ kind: "coins", coins: 2 });

    const before = Date.now();
    await buyAndPay(suite.api, auth, "subscribe", PLUS);
    const held = await info(auth);
    expect(held).toMatchObject({ is_subscribe: true, product_info: { product_id: PLUS.productId } });
    expect(held.subscribe_info!.status).toBe(1);
    const expire = held.subscribe_info!.expire_timestamp * 1000;
    expect(expire).toBeGreaterThanOrEqual(Math.floor((before + 30 * DAY_MS) / 1000) * 1000);
    expect(expire).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect(await info(auth, "/v1/subscribe/find")).toEqual(held);

    // Plus: the daily allowance is lifted and premium models cost 50% (rounded up).
    expect(await price(user.id, standard)).toEqual({ kind: "included" });
    expect(await price(user.id, premium)).toEqual({ kind: "coins", coins: 1 });
    expect(await price(user.id, expensive)).toEqual({ kind: "coins", coins: 5 });
    const wallet = await data(await suite.api.request("/v1/buy_coin/wallet", { headers: auth }), walletSchema);
    expect(wallet).toMatchObject({ subscribed: true, free_replies_left: null });
    const models = await data(
      await suite.api.request("/v1/chat_session/model", { headers: auth }),
      chatModelListSchema,
    );
    expect(models.list.find((m) => m.key === "premium")).toMatchObject({ coin_cost: 1 });
    expect(models.list.find((m) => m.key === "standard")).toMatchObject({ coin_cost: 0, available: true });

    // Pro (another user): 25%.
    const pro = await signIn(db());
    await buyAndPay(suite.api, pro.auth, "subscribe", PRO);
    expect(await price(pro.user.id, expensive)).toEqual({ kind: "coins", coins: 3 });
    expect(await price(pro.user.id, premium)).toEqual({ kind: "coins", coins: 1 });
  });

  it("cancels the held plan when it is bought again, keeps its benefits until the period ends, then resumes it", async () => {
    const { user, auth } = await signIn(db());
    await buyAndPay(suite.api, auth, "subscribe", PLUS);
    const orders = (await ordersOf(db(), user.id)).length;
    const cancelled = await data(await buy(suite.api, auth, "subscribe", PLUS), orderCreatedSchema);
    expect(cancelled).toEqual({ redirect_uri: null, order_code: null, cancelled: true, resumed: false });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ status: 2, cancelAtPeriodEnd: true });
    expect(await info(auth)).toMatchObject({ is_subscribe: true, subscribe_info: { status: 2 } });
    const end = row.currentPeriodEnd.getTime();
    expect(await price(user.id, standard, new Date(end - 1000))).toEqual({ kind: "included" });
    expect(await price(user.id, standard, new Date(end + 1000))).toEqual({ kind: "allowance" });
    const lapsedWallet = await readWallet({ db: db(), config: suite.api.deps.config }, user.id, new Date(end + 1000));
    expect(lapsedWallet).toMatchObject({ subscribed: false, free_replies_left: 3 });

    const resumed = await data(await buy(suite.api, auth, "subscribe", PLUS), orderCreatedSchema);
    expect(resumed).toEqual({ redirect_uri: null, order_code: null, cancelled: false, resumed: true });
    expect(await rowOf(user.id)).toMatchObject({ status: 1, cancelAtPeriodEnd: false });
    const [atSandbox] = await db()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.ref, row.providerRef!));
    expect(atSandbox).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    // No order was made for either.
    expect(await ordersOf(db(), user.id)).toHaveLength(orders);
  });

  it("refuses another plan while one renews (409), and cancel without a renewing plan (409)", async () => {
    const { auth } = await signIn(db());
    const none = await suite.api.post("/v1/subscribe/cancel", {}, auth);
    expect(none.status).toBe(409);
    expect((await body(none)).code).toBe(BILLING_CODES.NOT_SUBSCRIBED);
    await buyAndPay(suite.api, auth, "subscribe", PLUS);
    const other = await buy(suite.api, auth, "subscribe", PRO);
    expect(other.status).toBe(409);
    expect((await body(other)).code).toBe(BILLING_CODES.OTHER_PLAN_ACTIVE);

    const after = await data(await suite.api.post("/v1/subscribe/cancel", {}, auth), subscriptionInfoSchema);
    expect(after).toMatchObject({ is_subscribe: true, subscribe_info: { status: 2 } });
    const again = await suite.api.post("/v1/subscribe/cancel", {}, auth);
    expect((await body(again)).code).toBe(BILLING_CODES.NOT_SUBSCRIBED);
    expect((await suite.api.post("/v1/subscribe/cancel", {}, {})).status).toBe(401);
    // Cancelled: another plan may be chosen now.
    const pro = await data(await buy(suite.api, auth, "subscribe", PRO), orderCreatedSchema);
    expect(pro.order_code).not.toBeNull();
  });

  it("renews at the end of each period on the sandbox's clock, once per period however often it runs", async () => {
    const { user, auth } = await signIn(db());
    await buyAndPay(suite.api, auth, "subscribe", PLUS);
    const first = await rowOf(user.id);
    const end = first.currentPeriodEnd.getTime();
    // The clock runs over every sandbox subscription of this file's database (earlier tests' plans end up to a few
    // seconds before this one), so look at this plan only.
    await runSandboxRenewals(suite.fulfilment, new Date(end - 1000));
    expect((await rowOf(user.id)).currentPeriodEnd.getTime()).toBe(end);

    const later = new Date(end + 1000);
    const ran = await runSandboxRenewals(suite.fulfilment, later);
    expect(ran.renewed).toBeGreaterThanOrEqual(1);
    const renewed = await rowOf(user.id);
    expect(renewed).toMatchObject({ status: 1 });
    expect(renewed.currentPeriodEnd.getTime()).toBe(end + 30 * DAY_MS);
    expect((await readSubscriptionInfo(db(), user.id, later)).subscribe_info!.expire_timestamp).toBe(
      Math.floor((end + 30 * DAY_MS) / 1000),
    );
    expect(await price(user.id, standard, later)).toEqual({ kind: "included" });
    // Run again at the same moment: nothing more.
    await runSandboxRenewals(suite.fulfilment, later);
    expect((await rowOf(user.id)).currentPeriodEnd.getTime()).toBe(end + 30 * DAY_MS);
    const events = await db().select().from(paymentEvents).where(eq(paymentEvents.orderCode, first.orderCode!));
    expect(events.filter((e) => e.type === "subscription.renewed").map((e) => e.eventId)).toEqual([
      `sbx_renew_${first.providerRef}_${end}`,
    ]);

    // Three periods later in one run: one renewal (and one event) per period.
    const farther = new Date(end + 90 * DAY_MS + 1000);
    await runSandboxRenewals(suite.fulfilment, farther);
    expect((await rowOf(user.id)).currentPeriodEnd.getTime()).toBe(end + 120 * DAY_MS);
  });

  it("lapses a cancelled plan at its period end: status 2, and its benefits stop then", async () => {
    const { user, auth } = await signIn(db());
    await buyAndPay(suite.api, auth, "subscribe", PLUS);
    await data(await suite.api.post("/v1/subscribe/cancel", {}, auth), subscriptionInfoSchema);
    const end = (await rowOf(user.id)).currentPeriodEnd.getTime();
    const later = new Date(end + 1000);
    const ran = await runSandboxRenewals(suite.fulfilment, later);
    expect(ran.ended).toBeGreaterThanOrEqual(1);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ status: 2 });
    expect(row.currentPeriodEnd.getTime()).toBe(end);
    const [atSandbox] = await db()
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.ref, row.providerRef!));
    expect(atSandbox!.status).toBe("ended");
    expect(await readSubscriptionInfo(db(), user.id, later)).toEqual({
      is_subscribe: false,
      product_info: { product_id: PLUS.productId },
      subscribe_info: { status: 2, expire_timestamp: Math.floor(end / 1000) },
    });
    expect(await price(user.id, standard, later)).toEqual({ kind: "allowance" });
    expect(await price(user.id, premium, later)).toEqual({ kind: "coins", coins: 2 });
    expect(await price(user.id, premium, new Date(end - 1000))).toEqual({ kind: "coins", coins: 1 });
    // Buying the lapsed plan again is a new order (not a resume).
    const deps = { ...suite.api.deps, db: db() };
    const input = { product_id: PLUS.productId, money: PLUS.money, currency: PLUS.currency };
    const again = await createOrder(deps, user, "subscription", input, later);
    expect(again).toMatchObject({ cancelled: false, resumed: false });
    expect(again.order_code).not.toBe(row.orderCode);
  });
});
