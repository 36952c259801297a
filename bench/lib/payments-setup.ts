/**
 * The world of bench/payments.ts: a scratch Postgres database with the demo coin packages, the Stripe-compatible
 * test server of the test harness (in this process), our API on PAYMENT_PROVIDER=stripe pointed at it (in a child
 * process), signed-in buyers, and coin orders made through POST /v1/buy_coin/create whose Checkout Sessions are
 * then completed.
 */
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { DbHandle } from "../../server/db/types";
import {
  startStripeTestServer,
  type StripeTestEvent,
  type StripeTestServer,
} from "../../tests/support/stripe-test-server";
import { onCleanup } from "./harness";
import { poster, runPool, type Post } from "./payments-load";
import { createScratchDatabase } from "./scratch-database";
import { startPaymentsChild, type PaymentsChild } from "./start-payments-child";

export const WEBHOOK_PATH = "/v1/payment/stripe/webhook";
const SECRET_KEY = "sk_test_bench_payments";
const WEBHOOK_SECRET = "whsec_bench_payments";

export interface PaymentsWorld {
  handle: DbHandle;
  url: string;
  safeUrl: string;
  stripe: StripeTestServer;
  api: PaymentsChild;
}

export async function openWorld(adminUrl: string, cpuProfDir?: string): Promise<PaymentsWorld> {
  const { openDatabase } = await import("../../server/db/open-database");
  const { coinProducts } = await import("../../server/db/schema");
  const { DEMO_COIN_PRODUCTS } = await import("../../server/db/seed/demo-billing");
  const scratch = await createScratchDatabase(adminUrl, "kewl_bench_payments_");
  let closing = false;
  const handle = await openDatabase({
    databaseUrl: scratch.url,
    // Dropping the database "with (force)" ends connections the pool is still closing.
    onConnectionError: (err) => {
      if (!closing) process.stderr.write(`database connection lost: ${err.message}\n`);
    },
  });
  onCleanup("close bench pool", () => {
    closing = true;
    return handle.close();
  });
  await handle.db.insert(coinProducts).values(DEMO_COIN_PRODUCTS);
  const stripe = await startStripeTestServer({ secretKey: SECRET_KEY });
  onCleanup("Stripe test server", () => stripe.close());
  const api = await startPaymentsChild(
    "ours",
    scratch.url,
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    },
    cpuProfDir,
  );
  return { handle, url: scratch.url, safeUrl: scratch.safeUrl, stripe, api };
}

/** `count` users, each with a session token. */
export async function createBuyers(handle: DbHandle, count: number): Promise<Array<{ id: string; token: string }>> {
  const { users } = await import("../../server/db/schema");
  const { createSession } = await import("../../server/modules/sessions/sessions");
  const rows = Array.from({ length: count }, () => {
    const key = `b_${randomBytes(6).toString("hex")}`;
    return { key, name: "Bench buyer", email: `${key}@bench.test` };
  });
  const created: Array<{ id: string }> = [];
  for (let i = 0; i < rows.length; i += 500) {
    created.push(
      ...(await handle.db
        .insert(users)
        .values(rows.slice(i, i + 500))
        .returning({ id: users.id })),
    );
  }
  const { results } = await runPool(created, 10, async (user) => ({
    id: user.id,
    token: (await createSession(handle.db, user.id, false)).token,
  }));
  return results;
}

export interface PaidOrder {
  orderCode: string;
  userId: string;
  coins: number;
  event: StripeTestEvent;
}

/**
 * `count` coin orders through our API (each buyer takes every buyable package once, as our orders reuse a pending
 * order for the same package), their sessions completed on the test server: one checkout.session.completed each.
 */
export async function paidOrders(world: PaymentsWorld, count: number): Promise<PaidOrder[]> {
  const { DEMO_COIN_PRODUCTS } = await import("../../server/db/seed/demo-billing");
  const packs = DEMO_COIN_PRODUCTS.filter((p) => p.status === 1);
  const buyers = await createBuyers(world.handle, Math.ceil(count / packs.length));
  const jobs = Array.from({ length: count }, (_, i) => ({
    buyer: buyers[Math.floor(i / packs.length)]!,
    pack: packs[i % packs.length]!,
  }));
  const client = poster(world.api.port, 20);
  try {
    const { results } = await runPool(jobs, 20, async ({ buyer, pack }) => {
      const reply = await client.post({
        path: "/v1/buy_coin/create",
        headers: { "content-type": "application/json", authorization: `Bearer ${buyer.token}` },
        body: JSON.stringify({ product_id: pack.productId, money: pack.money, currency: pack.currency }),
      });
      const parsed = JSON.parse(reply.body) as { code: number; data: { order_code: string | null } | null };
      if (reply.status !== 200 || !parsed.data?.order_code) throw new Error(`order failed: ${reply.body}`);
      return { orderCode: parsed.data.order_code, userId: buyer.id, coins: pack.coin };
    });
    const sessions = new Map(world.stripe.sessions().map((s) => [String(s.client_reference_id), String(s.id)]));
    return results.map((order) => ({ ...order, event: world.stripe.completeSession(sessions.get(order.orderCode)!) }));
  } finally {
    client.close();
  }
}

/** The deliveries: every event once and `duplicateShare` of them again, shuffled, each signed now. */
export function signedDeliveries(events: StripeTestEvent[], duplicates: StripeTestEvent[]): Post[] {
  return [...events, ...duplicates].map((event) => {
    const body = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    return {
      path: WEBHOOK_PATH,
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    };
  });
}

/** Verified events of a type we ignore, to warm the server, the pools and the JIT. */
export function warmupEvents(world: PaymentsWorld, count: number): StripeTestEvent[] {
  return Array.from({ length: count }, (_, i) => world.stripe.otherEvent("customer.created", { id: `cus_warm_${i}` }));
}
