import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { orderCreatedSchema, sandboxCheckoutSchema } from "@/lib/contracts/billing-client";
import { chatModels, coinProducts, orders, subscriptionProducts, users } from "@/server/db/schema";
import { DEMO_CHAT_MODELS, DEMO_COIN_PRODUCTS, DEMO_SUBSCRIPTION_PRODUCTS } from "@/server/db/seed/demo-billing";
import type { Db, DbHandle } from "@/server/db/types";
import { createLogger } from "@/server/logger";
import type { FulfilmentDeps } from "@/server/modules/billing/fulfilment";
import type { PaymentProvider } from "@/server/providers/payments/types";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, type Driver } from "./helpers/test-database";

/** Shared steps of the billing integration tests (not a test file itself). */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const PLUS = DEMO_SUBSCRIPTION_PRODUCTS.find((p) => p.productId === "plan-plus-monthly")!;
export const PRO = DEMO_SUBSCRIPTION_PRODUCTS.find((p) => p.productId === "plan-pro-yearly")!;
export const POPULAR = DEMO_COIN_PRODUCTS.find((p) => p.productId === "coins-550")!;

export interface BillingSuite {
  database: DbHandle;
  api: TestApi;
  /** The API's own provider (the sandbox), as fulfilment uses it. */
  provider: PaymentProvider;
  fulfilment: FulfilmentDeps;
}

/** The demo plans, coin packages and chat models, without the catalogue. */
export async function seedBilling(db: Db): Promise<void> {
  await db.insert(chatModels).values(DEMO_CHAT_MODELS).onConflictDoNothing();
  await db.insert(subscriptionProducts).values(DEMO_SUBSCRIPTION_PRODUCTS).onConflictDoNothing();
  await db.insert(coinProducts).values(DEMO_COIN_PRODUCTS).onConflictDoNothing();
}

/** For one describe block: a fresh database with the billing products and the API on the sandbox provider. */
export function billingSuite(driver: Driver, env: Record<string, string> = {}): BillingSuite {
  const suite = {} as BillingSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase(driver);
    await seedBilling(suite.database.db);
    suite.api = createTestApi(suite.database, { CHAT_FREE_REPLIES_PER_DAY: "3", ...env });
    suite.provider = suite.api.deps.payments!;
    suite.fulfilment = { db: suite.database.db, provider: suite.provider, logger: createLogger("silent") };
  });
  afterAll(async () => suite.database?.close());
  return suite;
}

export async function signIn(db: Db) {
  const { user, token } = await createUserWithSession(db);
  return { user, auth: { authorization: `Bearer ${token}` } };
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export async function body(res: Response): Promise<Envelope> {
  return (await res.json()) as Envelope;
}

/** The envelope's data of a 200 answer, parsed by the answer's contract schema. */
export async function data<T>(res: Response, schema: { parse(value: unknown): T }): Promise<T> {
  const json = await body(res);
  expect(res.status, JSON.stringify(json)).toBe(200);
  expect(json.code).toBe(0);
  return schema.parse(json.data);
}

export function buy(
  api: TestApi,
  auth: Record<string, string>,
  kind: "subscribe" | "buy_coin",
  product: { productId: string; money: number; currency: string },
) {
  return api.post(
    `/v1/${kind}/create`,
    { product_id: product.productId, money: product.money, currency: product.currency },
    auth,
  );
}

export function payOnSandbox(api: TestApi, auth: Record<string, string>, orderCode: string) {
  return api.post("/v1/payment/sandbox/pay", { order_code: orderCode }, auth);
}

/** Buys a plan or a package through the sandbox page: the order, then Pay. Returns the order code. */
export async function buyAndPay(
  api: TestApi,
  auth: Record<string, string>,
  kind: "subscribe" | "buy_coin",
  product: { productId: string; money: number; currency: string },
): Promise<string> {
  const order = await data(await buy(api, auth, kind, product), orderCreatedSchema);
  expect(order.order_code).not.toBeNull();
  const paid = await data(await payOnSandbox(api, auth, order.order_code!), sandboxCheckoutSchema);
  expect(paid.status).toBe("paid");
  return order.order_code!;
}

export async function ordersOf(db: Db, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId));
}

export async function orderCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
