import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  coinOrderListSchema,
  coinProductListSchema,
  orderCreatedSchema,
  sandboxCheckoutSchema,
  subscriptionProductListSchema,
} from "@/lib/contracts/billing-client";
import { BILLING_CODES } from "@/lib/contracts/billing-codes";
import { coinProducts, sandboxCheckouts, walletLedger } from "@/server/db/schema";
import { getBalance } from "@/server/modules/wallet/wallet";
import { createSandboxProvider } from "@/server/providers/payments/sandbox-provider";
import type { PaymentProvider } from "@/server/providers/payments/types";
import {
  billingSuite,
  body,
  buy,
  buyAndPay,
  data,
  orderCount,
  ordersOf,
  payOnSandbox,
  PLUS,
  POPULAR,
  seedBilling,
  signIn,
} from "./billing-support";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("subscription and coin orders on %s", (driver) => {
  const suite = billingSuite(driver);

  it("lists plans and packages to visitors (a token accepted too), sorted, with rights and prices", async () => {
    const plans = await data(await suite.api.request("/v1/subscribe/product"), subscriptionProductListSchema);
    expect(plans.product_list.map((p) => p.product_id)).toEqual([
      "plan-free",
      "plan-plus-monthly",
      "plan-pro-yearly",
      "plan-studio",
    ]);
    const [free, plus, pro] = plans.product_list;
    expect(plus).toMatchObject({ name: "Plus", price: "$9.99/month", status: 1, currency: "USD", money: 999 });
    expect(plus!.rights).toEqual([
      { name: "Unlimited replies on the Standard model", val: "1" },
      { name: "Premium models at 50% of the coin cost", val: "1" },
    ]);
    expect(pro!.rights).toContainEqual({ name: "Premium models at 25% of the coin cost", val: "1" });
    expect(free!.rights).toEqual([
      { name: "3 free replies a day on the Standard model", val: "1" },
      { name: "Unlimited replies on the Standard model", val: "0" },
      { name: "Premium models at a lower coin cost", val: "0" },
    ]);

    const { auth } = await signIn(suite.database.db);
    const packs = await data(await suite.api.request("/v1/buy_coin/product", { headers: auth }), coinProductListSchema);
    expect(packs.product_list.map((p) => p.product_id)).toEqual(["coins-100", "coins-550", "coins-1200", "coins-5000"]);
    expect(packs.product_list[1]).toEqual({
      product_id: "coins-550",
      name: "Popular",
      coin: 550,
      money: 899,
      origin_money: 999,
      price: "$8.99",
      currency: "USD",
      remind: "Best value for most",
      status: 1,
    });
  });

  it("refuses a money or currency unlike the product's with a 400 naming the field, and makes no order", async () => {
    const { user, auth } = await signIn(suite.database.db);
    const cheap = await body(await buy(suite.api, auth, "buy_coin", { ...POPULAR, money: 1 }));
    expect(cheap).toMatchObject({ code: 400 });
    expect(cheap.msg).toContain("'money'");
    const euro = await suite.api.post(
      "/v1/subscribe/create",
      { product_id: PLUS.productId, money: PLUS.money, currency: "eur" },
      auth,
    );
    expect(euro.status).toBe(400);
    expect((await body(euro)).msg).toContain("'currency'");
    const unknown = await buy(suite.api, auth, "buy_coin", { ...POPULAR, productId: "coins-nope" });
    expect(unknown.status).toBe(404);
    expect(await ordersOf(suite.database.db, user.id)).toEqual([]);
  });

  it("refuses products coming soon (status 0) and free ones (status 2) with 409", async () => {
    const { user, auth } = await signIn(suite.database.db);
    for (const [kind, productId, money] of [
      ["subscribe", "plan-studio", 2499],
      ["subscribe", "plan-free", 0],
      ["buy_coin", "coins-5000", 4999],
    ] as const) {
      const res = await buy(suite.api, auth, kind, { productId, money, currency: "USD" });
      expect(res.status, productId).toBe(409);
      expect((await body(res)).code, productId).toBe(BILLING_CODES.PRODUCT_UNAVAILABLE);
    }
    expect(await ordersOf(suite.database.db, user.id)).toEqual([]);
  });

  it("answers a signed-out order with 401 and makes no order", async () => {
    const before = await orderCount(suite.database.db);
    expect((await buy(suite.api, {}, "buy_coin", POPULAR)).status).toBe(401);
    expect((await buy(suite.api, {}, "subscribe", PLUS)).status).toBe(401);
    expect(await orderCount(suite.database.db)).toBe(before);
  });

  it("makes one order of five concurrent clicks, and answers the same order again while it is pending", async () => {
    const { user, auth } = await signIn(suite.database.db);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => buy(suite.api, auth, "buy_coin", POPULAR)));
    const rows = await ordersOf(suite.database.db, user.id);
    expect(rows).toHaveLength(1);
    const order = rows[0]!;
    for (const res of answers) {
      const json = await body(res);
      // The second either sees the first's order with its page, or the first still being made.
      if (res.status === 200) expect(orderCreatedSchema.parse(json.data).order_code).toBe(order.orderCode);
      else expect(json.code).toBe(BILLING_CODES.ORDER_IN_PROGRESS);
    }
    const again = await data(await buy(suite.api, auth, "buy_coin", POPULAR), orderCreatedSchema);
    expect(again).toEqual({
      order_code: order.orderCode,
      redirect_uri: `/payment/sandbox/${order.orderCode}`,
      cancelled: false,
      resumed: false,
    });
    expect(order).toMatchObject({
      kind: "coins",
      productId: "coins-550",
      productName: "Popular",
      coin: 550,
      money: 899,
      currency: "USD",
      status: "pending",
      provider: "sandbox",
    });
    expect(await ordersOf(suite.database.db, user.id)).toHaveLength(1);
  });

  it("keeps the price an order was made at when the product's price changes, and the sandbox charges it", async () => {
    const { user, auth } = await signIn(suite.database.db);
    const product = { productId: "coins-1200", money: 1499, currency: "USD" };
    const order = await data(await buy(suite.api, auth, "buy_coin", product), orderCreatedSchema);
    await suite.database.db
      .update(coinProducts)
      .set({ money: 2999, originMoney: 2999, coin: 1000 })
      .where(eq(coinProducts.productId, "coins-1200"));
    try {
      const [checkout] = await suite.database.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.orderCode, order.order_code!));
      expect(checkout).toMatchObject({ money: 1499, currency: "USD" });
      const page = await data(
        await suite.api.request(`/v1/payment/sandbox/checkout?order_code=${order.order_code}`, { headers: auth }),
        sandboxCheckoutSchema,
      );
      expect(page).toEqual({
        order_code: order.order_code,
        kind: "coins",
        product_name: "Big pack",
        description: "1200 coins",
        money: 1499,
        currency: "USD",
        status: "pending",
      });
      await data(await payOnSandbox(suite.api, auth, order.order_code!), sandboxCheckoutSchema);
      expect(await getBalance(suite.database.db, user.id)).toBe(1200);
      // The old price no longer buys anything new.
      expect((await buy(suite.api, auth, "buy_coin", product)).status).toBe(400);
    } finally {
      await suite.database.db
        .update(coinProducts)
        .set({ money: 1499, originMoney: 1999, coin: 1200 })
        .where(eq(coinProducts.productId, "coins-1200"));
    }
  });

  it("lists the user's coin orders, newest first, or the one asked for", async () => {
    const { user, auth } = await signIn(suite.database.db);
    const paid = await buyAndPay(suite.api, auth, "buy_coin", POPULAR);
    const pending = await data(
      await buy(suite.api, auth, "buy_coin", { productId: "coins-100", money: 199, currency: "USD" }),
      orderCreatedSchema,
    );
    const list = await data(await suite.api.request("/v1/buy_coin/find", { headers: auth }), coinOrderListSchema);
    expect(list.list.map((o) => [o.order_code, o.status])).toEqual([
      [pending.order_code, "pending"],
      [paid, "paid"],
    ]);
    expect(list.list[1]).toMatchObject({ product_id: "coins-550", coin: 550, money: 899, currency: "USD" });
    expect(list.list[1]!.paid_at).not.toBeNull();
    const one = await data(
      await suite.api.request(`/v1/buy_coin/find?order_code=${paid}`, { headers: auth }),
      coinOrderListSchema,
    );
    expect(one.list.map((o) => o.order_code)).toEqual([paid]);
    const [entry] = await suite.database.db.select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(entry).toMatchObject({ delta: 550, reference: `order:${paid}` });
  });

  it("shows, pays and cancels a sandbox checkout for its owner only (404 for anyone else)", async () => {
    const owner = await signIn(suite.database.db);
    const other = await signIn(suite.database.db);
    const order = await data(await buy(suite.api, owner.auth, "buy_coin", POPULAR), orderCreatedSchema);
    const code = order.order_code!;
    const checkout = `/v1/payment/sandbox/checkout?order_code=${code}`;
    expect((await suite.api.request(checkout, { headers: other.auth })).status).toBe(404);
    expect((await payOnSandbox(suite.api, other.auth, code)).status).toBe(404);
    expect((await suite.api.post("/v1/payment/sandbox/cancel", { order_code: code }, other.auth)).status).toBe(404);
    expect((await suite.api.request(checkout)).status).toBe(401);
    expect(await getBalance(suite.database.db, other.user.id)).toBe(0);
    expect(await getBalance(suite.database.db, owner.user.id)).toBe(0);

    const cancelled = await data(
      await suite.api.post("/v1/payment/sandbox/cancel", { order_code: code }, owner.auth),
      sandboxCheckoutSchema,
    );
    expect(cancelled.status).toBe("cancelled");
    // Paying a checkout that was left does nothing.
    const late = await data(await payOnSandbox(suite.api, owner.auth, code), sandboxCheckoutSchema);
    expect(late.status).toBe("cancelled");
    expect(await getBalance(suite.database.db, owner.user.id)).toBe(0);
    // A cancelled order is not answered again: a new click makes a new order.
    const next = await data(await buy(suite.api, owner.auth, "buy_coin", POPULAR), orderCreatedSchema);
    expect(next.order_code).not.toBe(code);
  });

  it("answers 24 concurrent Pays of one order with 200 and credits its coins once", async () => {
    const { user, auth } = await signIn(suite.database.db);
    const order = await data(await buy(suite.api, auth, "buy_coin", POPULAR), orderCreatedSchema);
    const code = order.order_code!;
    const answers = await Promise.all(Array.from({ length: 24 }, () => payOnSandbox(suite.api, auth, code)));
    const statuses = await Promise.all(answers.map(async (res) => `${res.status} ${(await body(res)).msg}`));
    expect(statuses.filter((s) => !s.startsWith("200 "))).toEqual([]);
    expect(await getBalance(suite.database.db, user.id)).toBe(550);
    const ledger = await suite.database.db.select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(ledger.map((entry) => entry.reference)).toEqual([`order:${code}`]);
  });

  it("limits order creation per user to 10 a minute", async () => {
    const { auth } = await signIn(suite.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await buy(suite.api, auth, "buy_coin", POPULAR)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});

describe.each(testDrivers())("payments switched off or failing on %s", (driver) => {
  it("answers 503 in production with the sandbox unless PAYMENT_SANDBOX_ENABLED, and 502 when the provider fails", async () => {
    const database = await createTestDatabase(driver);
    try {
      await seedBilling(database.db);
      const { user, auth } = await signIn(database.db);
      const production = createTestApi(database, { NODE_ENV: "production" });
      expect(production.deps.payments).toBeNull();
      const off = await buy(production, auth, "buy_coin", POPULAR);
      expect(off.status).toBe(503);
      expect(await body(off)).toMatchObject({ code: BILLING_CODES.PAYMENTS_UNAVAILABLE });
      expect((await production.request("/v1/buy_coin/product")).status).toBe(200);
      expect((await production.request(`/v1/payment/sandbox/checkout?order_code=x`, { headers: auth })).status).toBe(
        404,
      );
      const enabled = createTestApi(database, { NODE_ENV: "production", PAYMENT_SANDBOX_ENABLED: "true" });
      expect(enabled.deps.payments?.name).toBe("sandbox");
      expect(await ordersOf(database.db, user.id)).toEqual([]);

      const sandbox = createSandboxProvider(database.db);
      const failing: PaymentProvider = {
        ...sandbox,
        createCheckout: () => Promise.reject(new Error("connection reset")),
      };
      const broken = createTestApi(database, {}, undefined, undefined, failing);
      const failed = await buy(broken, auth, "buy_coin", POPULAR);
      expect(failed.status).toBe(502);
      expect(await body(failed)).toMatchObject({ code: BILLING_CODES.PROVIDER_FAILED });
      const rows = await ordersOf(database.db, user.id);
      expect(rows.map((o) => o.status)).toEqual(["failed"]);
      // A failed order is not answered again.
      const retry = await data(await buy(enabled, auth, "buy_coin", POPULAR), orderCreatedSchema);
      expect(retry.order_code).not.toBe(rows[0]!.orderCode);
      expect(retry.redirect_uri).toBe(`/payment/sandbox/${retry.order_code}`);
      // The sandbox's page is a path of this site, whatever PUBLIC_BASE_URL and the request's Host say: the payment
      // tab opens it on the address the buyer's page has.
      const public_ = createTestApi(database, { PUBLIC_BASE_URL: "https://kewl.example/" });
      const plan = { productId: "plan-plus-monthly", money: 999, currency: "USD" };
      const onSite = await data(
        await buy(public_, { ...auth, host: "evil.example" }, "subscribe", plan),
        orderCreatedSchema,
      );
      expect(onSite.redirect_uri).toBe(`/payment/sandbox/${onSite.order_code}`);
    } finally {
      await database.close();
    }
  });
});
