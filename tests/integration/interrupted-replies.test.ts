import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatDailyUsage, chatMessages, robots, serverInstances, walletLedger } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { settleInterruptedReplies, sweepInterruptedReplies } from "@/server/modules/chat/interrupted-replies";
import { usageDay, type ReplyPrice } from "@/server/modules/chat/metering";
import { storeTurn } from "@/server/modules/chat/store-turn";
import { startInstanceHeartbeat } from "@/server/modules/instances/instance-heartbeat";
import { processInstanceId } from "@/server/modules/instances/process-instance";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { createRobotAndModel, createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(testDrivers())("interrupted chat replies on %s", (driver) => {
  let database: DbHandle;
  let robotId: number;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    robotId = await createRobotAndModel(database.db, `sweep-${driver}`, "Sweep", "sweep-model");
  });
  afterAll(async () => database?.close());

  /**
   * A reply stored and charged as beginReply does, by the process `instance` (by default one with no live row: it
   * died), createdAt moved minutesAgo back.
   */
  async function interrupted(
    userId: string,
    price: ReplyPrice,
    minutesAgo: number,
    robot = robotId,
    instance: string | null = "a-process-that-died",
  ) {
    // charged on the day the reply was made, which may be yesterday when the tests run just after midnight
    const at = new Date(Date.now() - minutesAgo * 60_000);
    const turn = await storeTurn(database.db, {
      userId,
      robotId: robot,
      modelKey: "sweep-model",
      message: "hi",
      price,
      dailyLimit: 10,
      day: usageDay(at),
    });
    await database.db
      .update(chatMessages)
      .set({ createdAt: at, instanceId: instance })
      .where(eq(chatMessages.id, turn.assistantId));
    return turn.assistantId;
  }
  const statusOf = async (id: number) =>
    (await database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0]!;
  const freeUsed = async (userId: string) =>
    (await database.db.select().from(chatDailyUsage).where(eq(chatDailyUsage.userId, userId))).reduce(
      (sum, row) => sum + row.freeReplies,
      0,
    );

  it("fails and refunds replies left streaming by a process that is gone, once, and leaves live ones alone", async () => {
    const { user } = await createUserWithSession(database.db);
    await creditCoins(database.db, user.id, 10, "test", `sweep-${user.id}`);
    const [other] = await database.db
      .insert(robots)
      .values({ key: `sweep2-${driver}`, name: "Sweep 2", greeting: "Hi" })
      .returning({ id: robots.id });
    const paid = await interrupted(user.id, { kind: "coins", coins: 3 }, 30);
    const free = await interrupted(user.id, { kind: "allowance" }, 30, other!.id);
    const heartbeat = await startInstanceHeartbeat(database, quiet, { aliveMs: 60_000 });
    const live = await interrupted(user.id, { kind: "coins", coins: 2 }, 30, other!.id, processInstanceId());
    expect(await getBalance(database.db, user.id)).toBe(5);
    expect(await freeUsed(user.id)).toBe(1);

    expect(await settleInterruptedReplies(database.db)).toBe(2);
    expect(await statusOf(paid)).toMatchObject({ status: "failed", coinsSpent: 0 });
    expect(await statusOf(free)).toMatchObject({ status: "failed" });
    expect(await statusOf(live)).toMatchObject({ status: "streaming" });
    expect(await getBalance(database.db, user.id)).toBe(8);
    expect(await freeUsed(user.id)).toBe(0);
    const refunds = await database.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.reference, `refund:chat-reply:${paid}`));
    expect(refunds.map((r) => r.delta)).toEqual([3]);

    // a second sweep (or another instance) finds nothing more to do
    expect(await settleInterruptedReplies(database.db)).toBe(0);
    expect(await getBalance(database.db, user.id)).toBe(8);
    expect(await freeUsed(user.id)).toBe(0);

    // once the live process has stopped (its row gone), its reply is settled too
    await heartbeat.stop();
    expect(await settleInterruptedReplies(database.db)).toBe(1);
    expect(await statusOf(live)).toMatchObject({ status: "failed", coinsSpent: 0 });
    expect(await getBalance(database.db, user.id)).toBe(10);
  });

  it("settles a reply once its process's row has lapsed, not before", async () => {
    const { user } = await createUserWithSession(database.db);
    const instance = `lapsing-${driver}`;
    await database.db.insert(serverInstances).values({ id: instance, aliveUntil: sql`now() + interval '1 hour'` });
    const reply = await interrupted(user.id, { kind: "allowance" }, 30, robotId, instance);
    expect(await settleInterruptedReplies(database.db)).toBe(0);
    await database.db
      .update(serverInstances)
      .set({ aliveUntil: sql`now() - interval '1 second'` })
      .where(eq(serverInstances.id, instance));
    expect(await settleInterruptedReplies(database.db)).toBe(1);
    expect((await statusOf(reply)).status).toBe("failed");
  });

  it("settles a reply of a build that recorded no process only once older than any reply can stream", async () => {
    const { user } = await createUserWithSession(database.db);
    const recent = await interrupted(user.id, { kind: "allowance" }, 5, robotId, null);
    const old = await interrupted(user.id, { kind: "allowance" }, 20, robotId, null);
    expect(await settleInterruptedReplies(database.db)).toBe(1);
    expect((await statusOf(old)).status).toBe("failed");
    expect((await statusOf(recent)).status).toBe("streaming");
  });

  it("leaves a reply of a dead process alone for its first seconds (its row is not yet written)", async () => {
    const { user } = await createUserWithSession(database.db);
    const reply = await interrupted(user.id, { kind: "allowance" }, 0);
    expect(await settleInterruptedReplies(database.db)).toBe(0);
    expect(await settleInterruptedReplies(database.db, { now: new Date(Date.now() + 10_000) })).toBe(1);
    expect((await statusOf(reply)).status).toBe("failed");
  });

  it("settles each reply once when instances sweep at the same time", async () => {
    const { user } = await createUserWithSession(database.db);
    await creditCoins(database.db, user.id, 4, "test", `sweep-${user.id}`);
    await interrupted(user.id, { kind: "coins", coins: 4 }, 60);
    const counts = await Promise.all([
      settleInterruptedReplies(database.db),
      settleInterruptedReplies(database.db),
      settleInterruptedReplies(database.db),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await getBalance(database.db, user.id)).toBe(4);
  });

  it("sweeps at start-up and then every interval until stopped, and logs what it settled", async () => {
    // The interval and the clock are fake: the test moves time on and waits for the sweep's log line.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    const warnings: Record<string, unknown>[] = [];
    let warned = () => undefined as void;
    const nextWarning = () => new Promise<void>((resolve) => (warned = resolve));
    const logger = {
      debug: () => undefined,
      info: () => undefined,
      error: () => undefined,
      warn: (msg: string, fields?: Record<string, unknown>) => {
        warnings.push({ msg, ...fields });
        warned();
      },
    };
    const reply = async () =>
      interrupted((await createUserWithSession(database.db)).user.id, { kind: "allowance" }, 30);
    try {
      const atStart = await reply();
      let swept = nextWarning();
      const stop = sweepInterruptedReplies(database.db, logger, 10_000);
      await swept;
      expect((await statusOf(atStart)).status).toBe("failed");
      expect(warnings).toEqual([{ msg: "interrupted chat replies settled", settled: 1 }]);

      const later = await reply();
      swept = nextWarning();
      const before = Date.now();
      await vi.advanceTimersToNextTimerAsync();
      expect(Date.now() - before, "the next sweep comes one interval later").toBe(10_000);
      await swept;
      expect((await statusOf(later)).status).toBe("failed");

      stop();
      expect(vi.getTimerCount()).toBe(0);
      const afterStop = await reply();
      await vi.advanceTimersByTimeAsync(15 * 60_000);
      expect((await statusOf(afterStop)).status).toBe("streaming");
      expect(warnings).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
