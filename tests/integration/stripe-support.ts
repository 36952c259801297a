import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { orderCreatedSchema, subscriptionInfoSchema } from "@/lib/contracts/billing-client";
import { walletSchema } from "@/lib/contracts/chat-client";
import { paymentEvents } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { deliverStripeEvent, signedDelivery } from "@/tests/support/stripe-delivery";
import { startStripeTestServer, type StripeTestEvent, type StripeTestServer } from "@/tests/support/stripe-test-server";
import { buy, data, seedBilling } from "./billing-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, type Driver } from "./helpers/test-database";

/** Shared steps of the Stripe integration tests (not a test file itself). */

export const SECRET_KEY = "sk_test_kewl_integration";
export const WEBHOOK_SECRET = "whsec_kewl_integration";
export const BASE_URL = "https://kewl.example";

/** The environment of an API on Stripe, pointed at the test server at `url`. */
export function stripeEnv(url: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: url,
    PUBLIC_BASE_URL: BASE_URL,
    ...more,
  };
}

export interface StripeSuite {
  database: DbHandle;
  stripe: StripeTestServer;
  api: TestApi;
  /** Signs the event with the endpoint's secret and POSTs it to our webhook. */
  deliver(event: StripeTestEvent, options?: Parameters<typeof signedDelivery>[2]): Promise<Response>;
}

/** For one describe block: a fresh database with the billing products, a Stripe test server, the API on Stripe. */
export function stripeSuite(driver: Driver, env: Record<string, string> = {}): StripeSuite {
  const suite = {} as StripeSuite;
  beforeAll(async () => {
    suite.stripe = await startStripeTestServer({ secretKey: SECRET_KEY });
    suite.database = await createTestDatabase(driver);
    await seedBilling(suite.database.db);
    suite.api = createTestApi(suite.database, stripeEnv(suite.stripe.url, env));
    suite.deliver = (event, options) => deliverStripeEvent(suite.api.request, event, WEBHOOK_SECRET, options);
  });
  afterAll(async () => {
    await suite.database?.close();
    await suite.stripe?.close();
  });
  return suite;
}

/** An order made through our API, and the Checkout Session it made on the test server. */
export async function orderWithSession(
  suite: Pick<StripeSuite, "api" | "stripe">,
  auth: Record<string, string>,
  kind: "subscribe" | "buy_coin",
  product: { productId: string; money: number; currency: string },
) {
  const order = await data(await buy(suite.api, auth, kind, product), orderCreatedSchema);
  const orderCode = order.order_code!;
  const sessions = suite.stripe.sessions().filter((s) => s.client_reference_id === orderCode);
  expect(sessions).toHaveLength(1);
  const session = sessions[0]!;
  expect(order.redirect_uri).toBe(session.url);
  return { orderCode, sessionId: String(session.id) };
}

/** The webhook's answer: its status and envelope. */
export async function answer(res: Response) {
  const json = (await res.json()) as { code: number; msg: string; data: { outcome?: string } | null };
  return { status: res.status, code: json.code, outcome: json.data?.outcome ?? null };
}

export async function subscriptionOf(suite: Pick<StripeSuite, "api">, auth: Record<string, string>) {
  return data(await suite.api.request("/v1/subscribe/me", { headers: auth }), subscriptionInfoSchema);
}

export async function coinsOf(suite: Pick<StripeSuite, "api">, auth: Record<string, string>): Promise<number> {
  return (await data(await suite.api.request("/v1/buy_coin/wallet", { headers: auth }), walletSchema)).wallet_info
    .buy_coin;
}

export async function recordedEvents(suite: Pick<StripeSuite, "database">, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return suite.database.db
    .select()
    .from(paymentEvents)
    .where(inArray(paymentEvents.eventId, eventIds))
    .then((rows) => rows.filter((row) => row.provider === "stripe"));
}

export async function recordedEvent(suite: Pick<StripeSuite, "database">, eventId: string) {
  const [row] = await suite.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
  return row ?? null;
}

/** The period end of a subscription on the test server (its first item's), in seconds. */
export function itemPeriodEnd(stripe: StripeTestServer, subscriptionId: string): number {
  const items = stripe.subscription(subscriptionId).items as { data: Array<{ current_period_end: number }> };
  return items.data[0]!.current_period_end;
}
