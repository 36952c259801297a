import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletLedger, wallets } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { chargeReply, refundReply } from "@/server/modules/chat/metering";
import { creditCoins, creditCoinsLocked, getBalance, spendCoins } from "@/server/modules/wallet/wallet";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("wallet ledger on %s", (driver) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  const ledgerSum = async (userId: string) => {
    const [row] = await database.db
      .select({ sum: sql<number>`coalesce(sum(${walletLedger.delta}), 0)::int` })
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId));
    return row!.sum;
  };

  it("credits once per reference and creates the wallet on first credit", async () => {
    const { user } = await createUserWithSession(database.db);
    expect(await getBalance(database.db, user.id)).toBe(0);
    expect(await creditCoins(database.db, user.id, 50, "test", `t-credit-${user.id}`)).toEqual({
      status: "credited",
      balance: 50,
    });
    expect(await creditCoins(database.db, user.id, 50, "test", `t-credit-${user.id}`)).toEqual({
      status: "duplicate",
      balance: 50,
    });
    expect(await ledgerSum(user.id)).toBe(50);
  });

  it("credits once per reference inside a caller's transaction without a savepoint (creditCoinsLocked)", async () => {
    const { user } = await createUserWithSession(database.db);
    const reference = `t-locked-${user.id}`;
    const first = await database.db.transaction((tx) => creditCoinsLocked(tx, user.id, 40, "test", reference));
    const again = await database.db.transaction((tx) => creditCoinsLocked(tx, user.id, 40, "test", reference));
    expect([first, again]).toEqual([
      { status: "credited", balance: 40 },
      { status: "duplicate", balance: 40 },
    ]);
    expect(await creditCoins(database.db, user.id, 40, "test", reference)).toEqual({
      status: "duplicate",
      balance: 40,
    });
    expect(await ledgerSum(user.id)).toBe(40);
  });

  it("never spends below zero nor twice for one reference", async () => {
    const { user } = await createUserWithSession(database.db);
    await creditCoins(database.db, user.id, 3, "test", `t-seed-${user.id}`);
    expect(await spendCoins(database.db, user.id, 2, "test", `t-spend-a-${user.id}`)).toEqual({
      status: "spent",
      balance: 1,
    });
    expect(await spendCoins(database.db, user.id, 2, "test", `t-spend-a-${user.id}`)).toEqual({
      status: "duplicate",
      balance: 1,
    });
    expect(await spendCoins(database.db, user.id, 2, "test", `t-spend-b-${user.id}`)).toEqual({
      status: "insufficient",
      balance: 1,
    });
    const [w] = await database.db.select().from(wallets).where(eq(wallets.userId, user.id));
    expect(w!.balance).toBe(1);
    expect(await ledgerSum(user.id)).toBe(1);
  });

  it("lets exactly 100 of 200 concurrent 1-coin spends through a balance of 100", async () => {
    const { user } = await createUserWithSession(database.db);
    await creditCoins(database.db, user.id, 100, "test", `t-seed-${user.id}`);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => spendCoins(database.db, user.id, 1, "test", `t-burst-${user.id}-${i}`)),
    );
    expect(results.filter((r) => r.status === "spent")).toHaveLength(100);
    expect(results.filter((r) => r.status === "insufficient")).toHaveLength(100);
    expect(await getBalance(database.db, user.id)).toBe(0);
    expect(await ledgerSum(user.id)).toBe(0);
  });

  it("keeps the daily allowance exact under concurrency and gives a reply back on refund", async () => {
    const { user } = await createUserWithSession(database.db);
    const day = "2026-11-21";
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        chargeReply(database.db, {
          userId: user.id,
          price: { kind: "allowance" },
          reference: `r-${i}`,
          dailyLimit: 5,
          day,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    await refundReply(database.db, { userId: user.id, price: { kind: "allowance" }, reference: "r-0", day });
    const again = await chargeReply(database.db, {
      userId: user.id,
      price: { kind: "allowance" },
      reference: "r-x",
      dailyLimit: 5,
      day,
    });
    expect(again).toMatchObject({ ok: true, freeUsed: 5 });
    const other = await chargeReply(database.db, {
      userId: user.id,
      price: { kind: "allowance" },
      reference: "r-y",
      dailyLimit: 5,
      day: "2026-11-22",
    });
    expect(other).toMatchObject({ ok: true, freeUsed: 1 });
  });

  it("refunds coins once", async () => {
    const { user } = await createUserWithSession(database.db);
    await creditCoins(database.db, user.id, 4, "test", `t-seed-${user.id}`);
    const price = { kind: "coins", coins: 2 } as const;
    expect(
      await chargeReply(database.db, { userId: user.id, price, reference: `c-${user.id}`, dailyLimit: 0 }),
    ).toMatchObject({ ok: true, balance: 2 });
    expect(
      await refundReply(database.db, { userId: user.id, price, reference: `c-${user.id}`, day: "2026-11-21" }),
    ).toEqual({ balance: 4 });
    expect(
      await refundReply(database.db, { userId: user.id, price, reference: `c-${user.id}`, day: "2026-11-21" }),
    ).toEqual({ balance: 4 });
    expect(await ledgerSum(user.id)).toBe(4);
  });
});
