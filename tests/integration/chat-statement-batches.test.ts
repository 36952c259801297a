import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { chatDailyUsage, chatMessages, chatSessions, walletLedger, wallets } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { usageDay, type ReplyPrice } from "@/server/modules/chat/metering";
import { readReplyContext } from "@/server/modules/chat/reply-context";
import { ChargeRefused, storeTurn } from "@/server/modules/chat/store-turn";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { createRobotAndModel, createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const adult = { ageVerified: true } as Parameters<typeof readReplyContext>[3];

/**
 * Turns and context reads sent in one turn of the event loop share a statement (statement-batches.ts), and each must
 * come out as it would alone.
 */
describe.each(testDrivers())("chat statements sent together on %s", (driver) => {
  let database: DbHandle;
  let robotId: number;
  const day = usageDay();
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    robotId = await createRobotAndModel(database.db, `batch-${driver}`, "Batch", "batch-model");
  });
  afterAll(async () => database?.close());

  const turn = (userId: string, price: ReplyPrice, message = "Hello", chatId = randomUUID(), on = day) =>
    storeTurn(database.db, {
      userId,
      robotId,
      chat: { id: chatId, existing: false },
      modelKey: "batch-model",
      message,
      price,
      dailyLimit: 2,
      day: on,
    });
  const rowsOf = (sessionId: string) =>
    database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(chatMessages.id);
  const users = (n: number) => Promise.all(Array.from({ length: n }, () => createUserWithSession(database.db)));

  it("stores turns sent at once each in its own chat with its own message and allowance; one at its limit is refused alone", async () => {
    const senders = await users(8);
    const limited = senders[5]!.user.id;
    await database.db.insert(chatDailyUsage).values({ userId: limited, day, freeReplies: 2 });
    const chats = senders.map(() => randomUUID());
    const results = await Promise.allSettled(
      senders.map(({ user }, i) => turn(user.id, { kind: "allowance" }, `Hello ${i}`, chats[i])),
    );

    for (const [i, result] of results.entries()) {
      if (i === 5) {
        expect(result).toEqual({
          status: "rejected",
          reason: new ChargeRefused({ ok: false, reason: "allowance", balance: null }),
        });
        continue;
      }
      expect(result.status).toBe("fulfilled");
      const stored = (result as PromiseFulfilledResult<Awaited<ReturnType<typeof turn>>>).value;
      expect(stored).toMatchObject({ sessionId: chats[i], firstMessage: true, charge: { ok: true, freeUsed: 1 } });
      expect(stored.userMessage).toMatchObject({ sessionId: chats[i], role: "user", content: `Hello ${i}` });
      const rows = await rowsOf(chats[i]!);
      expect(rows.map((r) => [r.role, r.content, r.status, r.chargeKind])).toEqual([
        ["user", `Hello ${i}`, "complete", null],
        ["assistant", "", "streaming", "allowance"],
      ]);
      expect(rows[1]!.id).toBe(stored.assistantId);
    }
    expect(await database.db.select().from(chatSessions).where(eq(chatSessions.id, chats[5]!))).toEqual([]);
    const usage = await database.db
      .select()
      .from(chatDailyUsage)
      .where(
        inArray(
          chatDailyUsage.userId,
          senders.map((s) => s.user.id),
        ),
      );
    expect(usage.map((u) => (u.userId === limited ? -u.freeReplies : u.freeReplies)).sort()).toEqual([
      -2, 1, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it("stores turns of two days sent together each on its own day (at midnight)", async () => {
    const senders = await users(3);
    const yesterday = usageDay(new Date(Date.now() - 86_400_000));
    const days = [day, yesterday, day];
    await Promise.all(
      senders.map(({ user }, i) => turn(user.id, { kind: "allowance" }, "Hello", randomUUID(), days[i])),
    );
    for (const [i, { user }] of senders.entries()) {
      const usage = await database.db.select().from(chatDailyUsage).where(eq(chatDailyUsage.userId, user.id));
      expect(usage.map((u) => [u.day, u.freeReplies])).toEqual([[days[i], 1]]);
    }
  });

  it("charges coins for turns sent at once; one user's two turns never share a statement, and only one is paid", async () => {
    const [first, second, rich, other] = await users(4);
    for (const [user, coins] of [
      [first!.user, 1],
      [second!.user, 1],
      [rich!.user, 5],
      [other!.user, 10],
    ] as const) {
      await creditCoins(database.db, user.id, coins, "test", `batch-${user.id}`);
    }
    const price = { kind: "coins", coins: 3 } as const;
    // All but the rich user's second turn share the first statement; that one goes in a second, run meanwhile.
    const results = await Promise.allSettled([
      turn(first!.user.id, { kind: "coins", coins: 1 }),
      turn(second!.user.id, { kind: "coins", coins: 1 }),
      turn(rich!.user.id, price),
      turn(rich!.user.id, price),
      turn(other!.user.id, price),
    ]);

    expect(results.slice(0, 2)).toMatchObject([
      { status: "fulfilled", value: { charge: { coins: 1, balance: 0 } } },
      { status: "fulfilled", value: { charge: { coins: 1, balance: 0 } } },
    ]);
    // Which of the two is paid depends on which statement takes the wallet's row first.
    const richResults = results.slice(2, 4);
    const paid = richResults.find((r) => r.status === "fulfilled");
    const refused = richResults.find((r) => r.status === "rejected");
    expect(paid).toMatchObject({ value: { charge: { coins: 3, balance: 2 } } });
    // Told the balance the other turn left, not the 5 its statement saw before that turn's commit.
    expect(refused).toMatchObject({ reason: { charge: { ok: false, reason: "coins", balance: 2 } } });
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(ChargeRefused);
    expect(results[4]).toMatchObject({ status: "fulfilled", value: { charge: { coins: 3, balance: 7 } } });
    expect(await getBalance(database.db, rich!.user.id)).toBe(2);
    expect(await getBalance(database.db, other!.user.id)).toBe(7);
    for (const [user, result, entries] of [
      [
        rich!.user,
        paid!,
        [
          [5, 5],
          [-3, 2],
        ],
      ],
      [
        other!.user,
        results[4]!,
        [
          [10, 10],
          [-3, 7],
        ],
      ],
    ] as const) {
      const ledger = await database.db
        .select()
        .from(walletLedger)
        .where(eq(walletLedger.userId, user.id))
        .orderBy(walletLedger.id);
      expect(ledger.map((l) => [l.delta, l.balanceAfter])).toEqual(entries);
      const { assistantId } = (result as PromiseFulfilledResult<Awaited<ReturnType<typeof turn>>>).value;
      expect(ledger[1]!.reference).toBe(`chat-reply:${assistantId}`);
    }
  });

  it("stores the rest of a batch when one turn fails the statement, and fails that turn alone with nothing written", async () => {
    const senders = await users(5);
    const chats = senders.map(() => randomUUID());
    // Postgres refuses a NUL character in text: the shared statement fails, and each turn is then stored alone.
    const messages = senders.map((_, i) => (i === 3 ? "bad \u0000 byte" : `Fine ${i}`));
    const results = await Promise.allSettled(
      senders.map(({ user }, i) => turn(user.id, { kind: "allowance" }, messages[i], chats[i])),
    );

    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled"]);
    for (const i of [0, 1, 2, 4]) expect((await rowsOf(chats[i]!)).map((r) => r.content)).toEqual([`Fine ${i}`, ""]);
    expect(await database.db.select().from(chatSessions).where(eq(chatSessions.id, chats[3]!))).toEqual([]);
    expect(
      await database.db.select().from(chatDailyUsage).where(eq(chatDailyUsage.userId, senders[3]!.user.id)),
    ).toEqual([]);
  });

  it.runIf(driver === "postgres")(
    "tells a turn refused by a spend that committed during its statement the balance that spend left",
    async () => {
      const { user } = await createUserWithSession(database.db);
      await creditCoins(database.db, user.id, 5, "test", `race-${user.id}`);
      let refused: Promise<unknown> | undefined;
      await database.db.transaction(async (tx) => {
        // Another spend holds the wallet's row: the turn's statement takes its snapshot (5 coins) and waits.
        await tx
          .update(wallets)
          .set({ balance: sql`${wallets.balance} - 3` })
          .where(eq(wallets.userId, user.id));
        refused = turn(user.id, { kind: "coins", coins: 3 }).then(
          () => "paid",
          (err: unknown) => err,
        );
        await waitForRowLockWait();
      });
      // After the commit the statement's update finds 2 coins, and refuses.
      expect(await refused).toEqual(new ChargeRefused({ ok: false, reason: "coins", balance: 2 }));
    },
  );

  /**
   * Until a backend waits for a row lock (the turn's statement behind the transaction's update), as in
   * database-outage.test.ts.
   */
  async function waitForRowLockWait(): Promise<void> {
    await vi.waitFor(
      async () => {
        const waiting = (await database.db.execute(
          sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
        )) as unknown as { rows: unknown[] };
        if (waiting.rows.length === 0) throw new Error("no statement waits for the wallet's row yet");
      },
      { timeout: 20_000, interval: 10 },
    );
  }

  it("reads contexts sent at once, each its own user's, chat and balance; a dead token among them is refused alone", async () => {
    const readers = await users(6);
    const chats: string[] = [];
    for (const [i, { user }] of readers.entries()) {
      await creditCoins(database.db, user.id, i + 1, "test", `batch-read-${user.id}`);
      chats.push((await turn(user.id, { kind: "included" }, `Mine is ${i}`)).sessionId);
    }
    // One statement for the latest chats, with the dead token among them, and one for the given chats.
    const latest = readers.map(
      ({ token }) =>
        () =>
          readReplyContext(database.db, token, robotId, adult),
    );
    const dead = () => readReplyContext(database.db, "x".repeat(43), robotId, adult);
    const byChat = readers.map(
      ({ token }, i) =>
        () =>
          readReplyContext(database.db, token, robotId, adult, { chatId: chats[i] }),
    );
    const notTheirs = () => readReplyContext(database.db, readers[4]!.token, robotId, adult, { chatId: chats[2] });
    const reads = await Promise.allSettled(
      [...latest.slice(0, 2), dead, ...latest.slice(2), ...byChat.slice(0, 2), notTheirs, ...byChat.slice(2)].map(
        (read) => read(),
      ),
    );

    const latestReads = [...reads.slice(0, 2), ...reads.slice(3, 7)];
    const chatReads = [...reads.slice(7, 9), ...reads.slice(10)];
    for (const [i, { user }] of readers.entries()) {
      for (const read of [latestReads[i], chatReads[i]]) {
        expect(read).toMatchObject({
          status: "fulfilled",
          value: {
            user: { id: user.id },
            balance: i + 1,
            session: { id: chats[i] },
            turns: [{ content: `Mine is ${i}` }],
          },
        });
      }
    }
    expect(reads[2]).toMatchObject({ status: "rejected", reason: { status: 401 } });
    // Another user's chat is not found.
    expect(reads[9]).toMatchObject({ status: "rejected", reason: { status: 404 } });
  });
});
