import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BILLING_CODES } from "@/lib/contracts/billing-codes";
import { orders, walletLedger, wallets } from "@/server/db/schema";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { signedDelivery, STRIPE_WEBHOOK_PATH } from "@/tests/support/stripe-delivery";
import type { StripeTestEvent } from "@/tests/support/stripe-test-server";
import { DEMO_COIN_PRODUCTS } from "@/server/db/seed/demo-billing";
import { POPULAR, signIn } from "./billing-support";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";
import {
  answer,
  coinsOf,
  orderWithSession,
  recordedEvent,
  recordedEvents,
  stripeEnv,
  stripeSuite,
  WEBHOOK_SECRET,
} from "./stripe-support";

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Runs task over items with at most `width` at a time. */
async function inParallel<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

/** The webhook's guards: signatures, the request-signing and rate-limit exemptions, limits, faults, concurrency. */
describe.each(testDrivers())("Stripe webhook on %s", (driver) => {
  const suite = stripeSuite(driver);
  const db = () => suite.database.db;
  /** The same site with request signing enforced, 5 API calls a minute per address and a 4 kB body limit. */
  const strict = () =>
    createTestApi(
      suite.database,
      stripeEnv(suite.stripe.url, { REQUEST_SIGNING: "enforce", RATE_LIMIT_PER_MINUTE: "5", BODY_LIMIT_BYTES: "4096" }),
      createMemoryStore(),
    );

  it("refuses forged, stale, tampered and unsigned deliveries with 400, writing nothing", async () => {
    const { user, auth } = await signIn(db());
    const { orderCode, sessionId } = await orderWithSession(suite, auth, "buy_coin", POPULAR);
    const event = suite.stripe.completeSession(sessionId);
    const now = Math.floor(Date.now() / 1000);
    const attempts: Array<[string, RequestInit]> = [
      ["forged", signedDelivery(event, "whsec_not_ours")],
      ["stale", signedDelivery(event, WEBHOOK_SECRET, { timestamp: now - 301 })],
      ["tampered", signedDelivery(event, WEBHOOK_SECRET, { tamper: (p) => p.replace(sessionId, "cs_test_other") })],
      ["unsigned", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(event) }],
    ];
    for (const [name, init] of attempts) {
      const res = await suite.api.request(STRIPE_WEBHOOK_PATH, init);
      expect({ name, ...(await answer(res)) }).toEqual({
        name,
        status: 400,
        code: BILLING_CODES.WEBHOOK_REJECTED,
        outcome: null,
      });
    }
    expect(await recordedEvent(suite, event.id)).toBeNull();
    expect(await coinsOf(suite, auth)).toBe(0);
    expect((await db().select().from(orders).where(eq(orders.orderCode, orderCode)))[0]).toMatchObject({
      status: "pending",
    });
    expect(await db().select().from(walletLedger).where(eq(walletLedger.userId, user.id))).toEqual([]);

    // Just within the tolerance, the same event is taken.
    const late = signedDelivery(event, WEBHOOK_SECRET, { timestamp: now - 290 });
    expect(await answer(await suite.api.request(STRIPE_WEBHOOK_PATH, late))).toMatchObject({
      status: 200,
      outcome: "applied",
    });
    expect(await coinsOf(suite, auth)).toBe(550);
  });

  it("takes Stripe's deliveries without our request signature and beyond the per-address API limit", async () => {
    // This API enforces request signing and allows 5 calls a minute per address: both would refuse Stripe.
    const stripeAddress = strict().from("203.0.113.7");
    const events = Array.from({ length: 12 }, (_, i) =>
      suite.stripe.otherEvent("customer.created", { id: `cus_${i}` }),
    );
    for (const event of events) {
      const res = await stripeAddress.request(STRIPE_WEBHOOK_PATH, signedDelivery(event, WEBHOOK_SECRET));
      expect(await answer(res)).toMatchObject({ status: 200, outcome: "ignored" });
    }
    expect(
      await recordedEvents(
        suite,
        events.map((e) => e.id),
      ),
    ).toHaveLength(12);
    // Any other call from there is still signed and limited.
    expect((await stripeAddress.request("/v1/subscribe/product")).status).toBe(400);
  });

  it("answers 429 to an address whose deliveries keep failing the signature check", async () => {
    const api = strict();
    const forger = api.from("198.51.100.9");
    const event = suite.stripe.otherEvent("customer.created", { id: "cus_forged" });
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await forger.request(STRIPE_WEBHOOK_PATH, signedDelivery(event, "whsec_guess"))).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    // Another address (Stripe's) is not affected.
    const res = await api.from("203.0.113.8").request(STRIPE_WEBHOOK_PATH, signedDelivery(event, WEBHOOK_SECRET));
    expect(res.status).toBe(200);
  });

  it("keeps the body-size limit", async () => {
    const event = suite.stripe.otherEvent("customer.created", { id: "cus_big", description: "x".repeat(5000) });
    const res = await strict().request(STRIPE_WEBHOOK_PATH, signedDelivery(event, WEBHOOK_SECRET));
    expect(res.status).toBe(413);
    expect(await recordedEvent(suite, event.id)).toBeNull();
  });

  it("is not there when the site does not use Stripe", async () => {
    const sandbox = createTestApi(suite.database, {});
    const event = suite.stripe.otherEvent("customer.created", { id: "cus_x" });
    expect((await sandbox.request(STRIPE_WEBHOOK_PATH, signedDelivery(event, WEBHOOK_SECRET))).status).toBe(404);
  });
});

describe.each(testDrivers())("Stripe webhook faults on %s", (driver) => {
  const suite = stripeSuite(driver);

  it("answers 502 and records nothing while Stripe cannot be read, then applies Stripe's retry", async () => {
    const { auth } = await signIn(suite.database.db);
    const { sessionId } = await orderWithSession(suite, auth, "buy_coin", POPULAR);
    const event = suite.stripe.completeSession(sessionId);
    // Stripe does not take our key for a moment (say, while it is rotated): the re-read fails.
    const rotated = createTestApi(
      suite.database,
      stripeEnv(suite.stripe.url, { STRIPE_SECRET_KEY: "sk_test_rotated" }),
    );
    const refused = await rotated.request(STRIPE_WEBHOOK_PATH, signedDelivery(event, WEBHOOK_SECRET));
    expect(await answer(refused)).toMatchObject({ status: 502, code: BILLING_CODES.PROVIDER_FAILED });
    expect(await recordedEvent(suite, event.id)).toBeNull();
    expect(await coinsOf(suite, auth)).toBe(0);

    expect(await answer(await suite.deliver(event))).toMatchObject({ status: 200, outcome: "applied" });
    expect(await coinsOf(suite, auth)).toBe(550);
  });

  it("answers 5xx while the database is gone, so Stripe delivers again", async () => {
    const gone = await createTestDatabase(driver);
    const api = createTestApi(gone, stripeEnv(suite.stripe.url));
    await gone.close();
    const event = suite.stripe.otherEvent("customer.created", { id: "cus_db_down" });
    const res = await api.request(STRIPE_WEBHOOK_PATH, signedDelivery(event, WEBHOOK_SECRET));
    expect(res.status).toBeGreaterThanOrEqual(500);
  });
});

describe.each(testDrivers())("Stripe deliveries at scale on %s", (driver) => {
  const suite = stripeSuite(driver);
  const db = () => suite.database.db;

  it("answers 21 different events for one checkout, delivered at once, with 200 and credits it once", async () => {
    const { user, auth } = await signIn(db());
    const { orderCode, sessionId } = await orderWithSession(suite, auth, "buy_coin", POPULAR);
    const events = [
      suite.stripe.completeSession(sessionId),
      ...Array.from({ length: 20 }, () => suite.stripe.succeedAsyncPayment(sessionId)),
    ];
    const results = await Promise.all(events.map(async (event) => answer(await suite.deliver(event))));
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(await coinsOf(suite, auth)).toBe(550);
    const ledger = await db().select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(ledger.map((row) => row.reference)).toEqual([`order:${orderCode}`]);
    expect(
      await recordedEvents(
        suite,
        events.map((e) => e.id),
      ),
    ).toHaveLength(21);
  });

  it("credits 200 orders exactly once when each event comes 5 times, shuffled, 20 at a time", async () => {
    const packs = DEMO_COIN_PRODUCTS.filter((p) => p.status === 1);
    const buyers = await Promise.all(Array.from({ length: 200 }, () => signIn(db())));
    const bought = await inParallel(buyers, 10, async ({ user, auth }) => {
      const pack = packs[buyers.findIndex((b) => b.user.id === user.id) % packs.length]!;
      const { sessionId } = await orderWithSession(suite, auth, "buy_coin", pack);
      return { userId: user.id, coins: pack.coin, sessionId };
    });
    const events: StripeTestEvent[] = bought.map((b) => suite.stripe.completeSession(b.sessionId));
    const deliveries = shuffled(events.flatMap((event) => Array.from({ length: 5 }, () => event)));

    const results = await inParallel(deliveries, 20, async (event) => answer(await suite.deliver(event)));
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(results.filter((r) => r.outcome === "applied")).toHaveLength(200);
    expect(results.filter((r) => r.outcome === "duplicate")).toHaveLength(800);

    const userIds = bought.map((b) => b.userId);
    const expected = bought.reduce((sum, b) => sum + b.coins, 0);
    const [balances] = await db()
      .select({ sum: sql<number>`coalesce(sum(${wallets.balance}), 0)::int` })
      .from(wallets)
      .where(inArray(wallets.userId, userIds));
    const ledger = await db().select().from(walletLedger).where(inArray(walletLedger.userId, userIds));
    expect(ledger).toHaveLength(200);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(expected);
    expect(balances!.sum).toBe(expected);
    for (const b of bought) {
      const rows = ledger.filter((row) => row.userId === b.userId);
      expect(rows.map((row) => row.delta)).toEqual([b.coins]);
    }
    expect(
      await recordedEvents(
        suite,
        events.map((e) => e.id),
      ),
    ).toHaveLength(200);
  });
});
