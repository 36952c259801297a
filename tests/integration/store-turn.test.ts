import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDailyUsage, chatMessages, chatSessions, robots, walletLedger } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { AppError } from "@/server/errors";
import { usageDay, type ReplyPrice } from "@/server/modules/chat/metering";
import { ChargeRefused, storeTurn } from "@/server/modules/chat/store-turn";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { createRobotAndModel, createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/** The turn's one statement (store-turn.ts): what it writes, and that a refusal or a deleted chat writes nothing. */
describe.each(testDrivers())("a chat turn stored in one statement on %s", (driver) => {
  let database: DbHandle;
  let robotId: number;
  const day = usageDay();
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    robotId = await createRobotAndModel(database.db, `turn-${driver}`, "Turn", "turn-model");
  });
  afterAll(async () => database?.close());

  const turn = (userId: string, price: ReplyPrice, chat?: { id: string; existing: boolean }, dailyLimit = 2) =>
    storeTurn(database.db, { userId, robotId, chat, modelKey: "turn-model", message: "Hello", price, dailyLimit, day });
  const chatCount = async () =>
    (await database.db.select({ n: robots.chatCount }).from(robots).where(eq(robots.id, robotId)))[0]!.n;
  const rowsOf = (sessionId: string) =>
    database.db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(chatMessages.id);

  it("creates the chat with the user's message and a reply being written, says it is the chat's first, and uses an allowance", async () => {
    const { user } = await createUserWithSession(database.db);
    const before = await chatCount();
    const first = await turn(user.id, { kind: "allowance" }, { id: randomUUID(), existing: false });
    expect(first.charge).toEqual({ ok: true, coins: 0, balance: null, freeUsed: 1 });
    expect(first.firstMessage).toBe(true);
    expect(first.userMessage).toMatchObject({ sessionId: first.sessionId, role: "user", content: "Hello" });
    expect(first.userMessage.createdAt).toBeInstanceOf(Date);
    expect(first.assistantId).toBeGreaterThan(first.userMessage.id);
    expect((await rowsOf(first.sessionId)).map((r) => [r.role, r.status, r.chargeKind, r.modelKey])).toEqual([
      ["user", "complete", null, "turn-model"],
      ["assistant", "streaming", "allowance", "turn-model"],
    ]);
    const second = await turn(user.id, { kind: "allowance" }, { id: first.sessionId, existing: true });
    expect(second.charge.freeUsed).toBe(2);
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.firstMessage).toBe(false);
    // The character's row is not written by the turn: chat-count-tally.ts counts the chat (chat-count-tally.test.ts).
    expect(await chatCount()).toBe(before);

    // The daily limit (2) is reached: nothing is written.
    await expect(turn(user.id, { kind: "allowance" }, { id: first.sessionId, existing: true })).rejects.toEqual(
      new ChargeRefused({ ok: false, reason: "allowance", balance: null }),
    );
    expect(await rowsOf(first.sessionId)).toHaveLength(4);
  });

  it("spends coins with the reply's ledger entry, and refuses a balance too low without leaving an empty chat", async () => {
    const { user } = await createUserWithSession(database.db);
    await creditCoins(database.db, user.id, 5, "test", `turn-${user.id}`);
    const paid = await turn(user.id, { kind: "coins", coins: 3 }, { id: randomUUID(), existing: false });
    expect(paid.charge).toEqual({ ok: true, coins: 3, balance: 2, freeUsed: null });
    const ledger = await database.db.select().from(walletLedger).where(eq(walletLedger.userId, user.id));
    expect(ledger.map((l) => [l.delta, l.balanceAfter, l.reference])).toEqual([
      [5, 5, `turn-${user.id}`],
      [-3, 2, `chat-reply:${paid.assistantId}`],
    ]);

    const refusedChat = randomUUID();
    const refused = await turn(user.id, { kind: "coins", coins: 3 }, { id: refusedChat, existing: false }).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ChargeRefused);
    expect((refused as ChargeRefused).charge).toEqual({ ok: false, reason: "coins", balance: 2 });
    expect(await database.db.select().from(chatSessions).where(eq(chatSessions.id, refusedChat))).toEqual([]);
    expect(await getBalance(database.db, user.id)).toBe(2);

    // No wallet at all: refused with a balance of 0.
    const { user: poor } = await createUserWithSession(database.db);
    await expect(turn(poor.id, { kind: "coins", coins: 1 }, { id: randomUUID(), existing: false })).rejects.toEqual(
      new ChargeRefused({ ok: false, reason: "coins", balance: 0 }),
    );
  });

  it("answers 'chat not found' for a chat deleted since it was read, or another user's, and charges nothing", async () => {
    const { user } = await createUserWithSession(database.db);
    const { user: other } = await createUserWithSession(database.db);
    await creditCoins(database.db, user.id, 5, "test", `turn-${user.id}`);
    const first = await turn(user.id, { kind: "coins", coins: 1 }, { id: randomUUID(), existing: false });
    await expect(turn(other.id, { kind: "included" }, { id: first.sessionId, existing: true })).rejects.toBeInstanceOf(
      AppError,
    );
    await database.db.delete(chatSessions).where(eq(chatSessions.id, first.sessionId));
    const gone = await turn(user.id, { kind: "coins", coins: 1 }, { id: first.sessionId, existing: true }).catch(
      (err: unknown) => err,
    );
    expect(gone).toBeInstanceOf(AppError);
    expect((gone as AppError).status).toBe(404);
    expect(await getBalance(database.db, user.id)).toBe(4);
    const free = await turn(user.id, { kind: "allowance" }, { id: first.sessionId, existing: true }).catch(
      (err: unknown) => err,
    );
    expect((free as AppError).status).toBe(404);
    expect(await database.db.select().from(chatDailyUsage).where(eq(chatDailyUsage.userId, user.id))).toEqual([]);
  });
});
