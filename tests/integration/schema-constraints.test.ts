import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coinProducts, robots, subscriptionProducts, tags, users, walletLedger, wallets } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("schema and seed on %s", (driver) => {
  let database: DbHandle;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  it("loads the demo catalogue once and only once", async () => {
    const first = await seedDemo(database.db);
    expect(first.seeded).toBe(true);
    const second = await seedDemo(database.db);
    expect(second.seeded).toBe(false);
    const [r] = await database.db.select({ n: count() }).from(robots);
    const [t] = await database.db.select({ n: count() }).from(tags);
    expect(r?.n).toBeGreaterThanOrEqual(60);
    expect(t?.n).toBeGreaterThanOrEqual(12);
  });

  it("seeds plans of every status and a discounted coin package", async () => {
    const plans = await database.db.select().from(subscriptionProducts);
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set([0, 1, 2]));
    const packs = await database.db.select().from(coinProducts);
    expect(packs.some((p) => p.originMoney > p.money)).toBe(true);
  });

  it("never lets a wallet balance go below zero", async () => {
    const { user } = await createUserWithSession(database.db);
    await database.db.insert(wallets).values({ userId: user.id, balance: 3 });
    const spend = database.db
      .update(wallets)
      .set({ balance: sql`${wallets.balance} - 5` })
      .where(eq(wallets.userId, user.id));
    await expect(spend).rejects.toThrow();
    const [w] = await database.db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(w?.balance).toBe(3);
  });

  it("refuses a second ledger entry with the same idempotency reference", async () => {
    const { user } = await createUserWithSession(database.db);
    const entry = { userId: user.id, delta: 100, balanceAfter: 100, reason: "purchase", reference: `order:${user.id}` };
    await database.db.insert(walletLedger).values(entry);
    await expect(database.db.insert(walletLedger).values(entry)).rejects.toThrow();
  });

  it("keeps user IDs unique regardless of case and within the allowed characters", async () => {
    await database.db.insert(users).values({ key: "Unique_ID", name: "A" });
    await expect(database.db.insert(users).values({ key: "unique_id", name: "B" })).rejects.toThrow();
    await expect(database.db.insert(users).values({ key: "bad id!", name: "C" })).rejects.toThrow();
    await expect(database.db.insert(users).values({ key: "fine-id", name: "D", sex: 7 })).rejects.toThrow();
  });
});
