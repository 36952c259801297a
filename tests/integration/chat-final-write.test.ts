import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { CHAT_CODES } from "@/lib/contracts/chat";
import { chatMessages, robots, walletLedger } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { settleInterruptedReplies } from "@/server/modules/chat/interrupted-replies";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { chatStreamReader, readChatStream, textOf, whenTextIs } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/**
 * Writes failing as they do when the database goes away: triggers make the UPDATE that settles a reply (its status
 * leaving `streaming`), or the ledger entry of a reply's refund, fail with SQLSTATE 57P01 ("terminating connection
 * due to administrator command") the next N times, on either driver. database-outage.test.ts terminates real
 * backends on Postgres.
 */
const FAILING_WRITES = [
  "create sequence test_write_tries",
  "create table test_write_failures (target text not null, times int not null)",
  "insert into test_write_failures values ('none', 0)",
  `create function test_fail_write() returns trigger language plpgsql as $$
  begin
    if tg_table_name = 'chat_messages' then
      if not (old.status = 'streaming' and new.status <> 'streaming') then return new; end if;
    elsif new.reference not like 'refund:chat-reply:%' then
      return new;
    end if;
    if (select target from test_write_failures) = tg_table_name then
      if nextval('test_write_tries') <= (select times from test_write_failures) then
        raise exception 'terminating connection due to administrator command' using errcode = 'admin_shutdown';
      end if;
    end if;
    return new;
  end $$`,
  "create trigger test_fail_write before update on chat_messages for each row execute function test_fail_write()",
  "create trigger test_fail_write before insert on wallet_ledger for each row execute function test_fail_write()",
];

const ENV = {
  CHAT_SAVE_RETRY_MS: "2000",
  CHAT_CHECKPOINT_MS: "20",
  LLM_FIRST_TOKEN_TIMEOUT_MS: "5000",
  LLM_IDLE_TIMEOUT_MS: "5000",
};

describe.each(testDrivers())("a chat reply whose final write fails, on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let llm: MockProvider;
  let robotId: number;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    for (const statement of FAILING_WRITES) await database.db.execute(sql.raw(statement));
    llm = createMockProvider();
    api = createTestApi(database, ENV, undefined, llm);
    const [r] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    robotId = r!.id;
  });
  afterAll(async () => database?.close());
  afterEach(async () => failWrites("none", 0));

  /** The next `times` writes to target fail; answers how many tries the previous setting saw. */
  async function failWrites(target: "chat_messages" | "wallet_ledger" | "none", times: number): Promise<number> {
    const result = await database.db.execute(
      sql`select case when is_called then last_value else 0 end as n from test_write_tries`,
    );
    const [tries] = (result as unknown as { rows: Array<{ n: string | number }> }).rows;
    await database.db.execute(sql`update test_write_failures set target = ${target}, times = ${times}`);
    await database.db.execute(sql`alter sequence test_write_tries restart`);
    return Number(tries!.n);
  }
  const failFinalWrites = (times: number) => failWrites(times > 0 ? "chat_messages" : "none", times);

  const rowOf = async (id: number) =>
    (await database.db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0]!;

  async function payingUser(coins: number) {
    const { user, token } = await createUserWithSession(database.db, "Ines");
    await creditCoins(database.db, user.id, coins, "test", `final-write-${user.id}`);
    return { user, auth: { authorization: `Bearer ${token}` } };
  }

  it("tries the final write again while the database is away, and saves the whole reply", async () => {
    const { user, auth } = await payingUser(5);
    llm.setScript({ chunks: ["All", " of", " it"] });
    await failFinalWrites(2);
    const stream = await readChatStream(
      await api.post("/v1/chat_session/chat", { robot_id: robotId, message: "hi", model: "premium" }, auth),
    );
    expect(await failFinalWrites(0)).toBe(3);
    expect(stream.closed).toBe(true);
    const end = stream.messages.at(-1)!;
    expect(end).toMatchObject({
      type: "end",
      coins_spent: 2,
      balance: 3,
      message: { content: "All of it", status: "complete", coins_spent: 2 },
    });
    expect(await rowOf(Number(stream.messages[0]!.message_id))).toMatchObject({
      status: "complete",
      content: "All of it",
      coinsSpent: 2,
    });
    expect(await getBalance(database.db, user.id)).toBe(3);
  });

  it("stores a reply with a NUL character from the model, which Postgres text cannot hold, as U+FFFD", async () => {
    const { auth } = await payingUser(5);
    llm.setScript({ chunks: ["A\u0000", "B"] });
    const stream = await readChatStream(
      await api.post("/v1/chat_session/chat", { robot_id: robotId, message: "hi", model: "premium" }, auth),
    );
    expect(textOf(stream)).toBe("A\uFFFDB");
    expect(stream.messages.at(-1)).toMatchObject({ type: "end", message: { content: "A\uFFFDB", status: "complete" } });
    expect(await rowOf(Number(stream.messages[0]!.message_id))).toMatchObject({
      status: "complete",
      content: "A\uFFFDB",
    });
  });

  it("ends with an error and close when the database stays away, and the sweep keeps the text and the charge", async () => {
    const { user, auth } = await payingUser(5);
    llm.setScript({ chunks: ["Once", " upon", " a time"], holdAfterChunks: 2 });
    const reader = chatStreamReader(
      await api.post("/v1/chat_session/chat", { robot_id: robotId, message: "a story", model: "premium" }, auth),
    );
    const start = await reader.until((m) => m.type === "start");
    const id = Number(start.message_id);
    await reader.until(whenTextIs("Once upon"));
    // the checkpoint saves what the user has seen while the reply is still being written
    await vi.waitFor(async () => expect(await rowOf(id)).toMatchObject({ status: "streaming", content: "Once upon" }), {
      timeout: 10_000,
      interval: 20,
    });

    await failFinalWrites(1000);
    llm.release();
    const stream = await reader.rest();
    expect(textOf(stream)).toBe("Once upon a time");
    expect(stream.messages.at(-1)).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.REPLY_NOT_SAVED },
      message: null,
      coins_refunded: false,
    });
    expect(stream.closed).toBe(true);
    expect(await failFinalWrites(0)).toBeGreaterThan(1);
    expect(await rowOf(id)).toMatchObject({ status: "streaming", content: "Once upon" });

    // the interrupted-reply sweep stores it as partial, and the user keeps paying for what they read
    expect(await settleInterruptedReplies(database.db, { now: new Date(Date.now() + 60_000) })).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "partial", content: "Once upon", coinsSpent: 2 });
    expect(await getBalance(database.db, user.id)).toBe(3);
    expect(
      await database.db
        .select()
        .from(walletLedger)
        .where(eq(walletLedger.reference, `refund:chat-reply:${id}`)),
    ).toEqual([]);
    const history = await (await api.post("/v1/chat_session/history", { robot_id: robotId }, auth)).json();
    expect(history.data.list.at(-1)).toMatchObject({ id, content: "Once upon", status: "partial", coins_spent: 2 });
  });

  it("leaves a reply without text to the sweep, which fails and refunds it", async () => {
    const { user, auth } = await payingUser(5);
    llm.setScript({ failAfterChunks: 0 });
    await failFinalWrites(1000);
    const stream = await readChatStream(
      await api.post("/v1/chat_session/chat", { robot_id: robotId, message: "hi", model: "premium" }, auth),
    );
    expect(stream.messages.at(-1)).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_FAILED },
      message: null,
      coins_refunded: false,
    });
    expect(stream.closed).toBe(true);
    await failFinalWrites(0);
    const id = Number(stream.messages[0]!.message_id);
    expect(await rowOf(id)).toMatchObject({ status: "streaming", content: "" });
    expect(await getBalance(database.db, user.id)).toBe(3);

    expect(await settleInterruptedReplies(database.db, { now: new Date(Date.now() + 60_000) })).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "failed", content: "", coinsSpent: 0 });
    expect(await getBalance(database.db, user.id)).toBe(5);
  });

  it("fails and refunds a reply without text in one transaction, so a lost connection cannot split them", async () => {
    const { user, auth } = await payingUser(5);
    llm.setScript({ failAfterChunks: 0 });
    await failWrites("wallet_ledger", 1);
    const stream = await readChatStream(
      await api.post("/v1/chat_session/chat", { robot_id: robotId, message: "hi", model: "premium" }, auth),
    );
    expect(await failWrites("none", 0)).toBe(2);
    expect(stream.messages.at(-1)).toMatchObject({
      type: "error",
      error: { code: CHAT_CODES.UPSTREAM_FAILED },
      message: { status: "failed" },
      coins_refunded: true,
      balance: 5,
    });
    expect(stream.closed).toBe(true);
    expect(await rowOf(Number(stream.messages[0]!.message_id))).toMatchObject({ status: "failed" });
    expect(await getBalance(database.db, user.id)).toBe(5);
  });
});
