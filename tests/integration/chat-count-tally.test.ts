import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import type { Logger } from "@/server/logger";
import { CHAT_COUNT_MAX_ATTEMPTS, countChatStarted, flushChatCounts } from "@/server/modules/chat/chat-count-tally";
import { stopServices } from "@/server/services";
import { createMockProvider } from "@/tests/support/mock-model";
import { createRobotAndModel, createUserWithSession } from "./helpers/fixtures";
import { readChatStream } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/** Updates of robots fail (a real database error) while test_count_failures says so: the next N tries. */
const FAILING_COUNTS = [
  "create sequence test_count_tries",
  "create table test_count_failures (times int not null)",
  "insert into test_count_failures values (0)",
  `create function test_fail_count() returns trigger language plpgsql as $$
  begin
    if nextval('test_count_tries') <= (select times from test_count_failures) then
      raise exception 'terminating connection due to administrator command' using errcode = 'admin_shutdown';
    end if;
    return new;
  end $$`,
  "create trigger test_fail_count before update on robots for each row execute function test_fail_count()",
];

interface Said {
  level: string;
  message: string;
  chats: unknown;
}

/** A logger that keeps what was said, with the number of chats it named. */
function recordingLogger(): Logger & { lines: Said[] } {
  const lines: Said[] = [];
  const say = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, message, chats: fields?.chats });
  return { lines, debug: say("debug"), info: say("info"), warn: say("warn"), error: say("error") };
}

/** Chats started, counted apart from their turns (chat-count-tally.ts): one write for many, nothing lost to a failure. */
describe.each(testDrivers())("chat counts on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  const ids: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    for (const statement of FAILING_COUNTS) await database.db.execute(sql.raw(statement));
    for (const n of [1, 2]) ids.push(await createRobotAndModel(database.db, `tally-${n}`, `Tally ${n}`, `tally-m${n}`));
    api = createTestApi(database, {}, undefined, createMockProvider());
  });
  afterAll(async () => database?.close());

  const counts = async () => {
    const rows = await database.db
      .select({ id: robots.id, n: robots.chatCount })
      .from(robots)
      .where(inArray(robots.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)!.n);
  };
  async function failCounts(times: number): Promise<void> {
    await database.db.execute(sql`update test_count_failures set times = ${times}`);
    await database.db.execute(sql`alter sequence test_count_tries restart`);
  }

  it("counts a chat on its first message only, once the tally is written", async () => {
    const [first] = ids;
    const before = await counts();
    const { token } = await createUserWithSession(database.db);
    const auth = { authorization: `Bearer ${token}` };
    const send = (body: Record<string, unknown>) =>
      api.post("/v1/chat_session/chat", { robot_id: first, ...body }, auth);
    const opened = await readChatStream(await send({ message: "hi" }));
    const chatId = String(opened.messages[0]!.session_id);
    const again = await readChatStream(await send({ chat_id: chatId, message: "again" }));
    expect([opened, again].map((s) => s.messages.at(-1)?.type)).toEqual(["end", "end"]);
    // Written within a second by the tally's timer (the turn itself does not write the character: store-turn.test.ts).
    await flushChatCounts(database.db);
    expect(await counts()).toEqual([before[0]! + 1, before[1]!]);
  });

  it("adds many chats to several characters in one write", async () => {
    const before = await counts();
    const logger = recordingLogger();
    for (let i = 0; i < 5; i++) countChatStarted({ db: database.db, logger }, ids[0]!);
    countChatStarted({ db: database.db, logger }, ids[1]!);
    await flushChatCounts(database.db);
    expect(await counts()).toEqual([before[0]! + 5, before[1]! + 1]);
    await flushChatCounts(database.db);
    expect(await counts()).toEqual([before[0]! + 5, before[1]! + 1]);
    expect(logger.lines).toEqual([]);
  });

  it("keeps the counts while the write fails, says so once, and writes them when it works again", async () => {
    const before = await counts();
    const logger = recordingLogger();
    // Two tries fail: this flush's, and the tally's own a second later should this test be that slow.
    await failCounts(2);
    countChatStarted({ db: database.db, logger }, ids[0]!);
    await flushChatCounts(database.db);
    expect(await counts()).toEqual(before);
    countChatStarted({ db: database.db, logger }, ids[0]!);
    await failCounts(0);
    await flushChatCounts(database.db);
    expect(await counts()).toEqual([before[0]! + 2, before[1]!]);
    expect(logger.lines).toEqual([{ level: "warn", message: "chat counts not saved, trying again", chats: 1 }]);
  });

  it("gives the counts up after a minute of failed writes, and says how many", async () => {
    const before = await counts();
    const logger = recordingLogger();
    await failCounts(CHAT_COUNT_MAX_ATTEMPTS);
    countChatStarted({ db: database.db, logger }, ids[1]!);
    for (let i = 0; i < CHAT_COUNT_MAX_ATTEMPTS; i++) await flushChatCounts(database.db);
    await failCounts(0);
    await flushChatCounts(database.db);
    expect(await counts()).toEqual(before);
    expect(logger.lines).toEqual([
      { level: "warn", message: "chat counts not saved, trying again", chats: 1 },
      { level: "error", message: "chat counts not saved, given up", chats: 1 },
    ]);
    const [row] = await database.db.select({ n: robots.chatCount }).from(robots).where(eq(robots.id, ids[1]!));
    expect(row!.n).toBe(before[1]);
  });

  it("writes what waits when the process stops, before the database closes", async () => {
    const fresh = await createTestDatabase(driver);
    const robotId = await createRobotAndModel(fresh.db, "tally-stop", "Tally stop", "tally-stop-m");
    let countAtClose: number | undefined;
    const closing: DbHandle = {
      ...fresh,
      async close() {
        const [row] = await fresh.db.select({ n: robots.chatCount }).from(robots).where(eq(robots.id, robotId));
        countAtClose = row?.n;
        await fresh.close();
      },
    };
    const { deps } = createTestApi(closing);
    countChatStarted({ db: fresh.db, logger: deps.logger }, robotId);
    countChatStarted({ db: fresh.db, logger: deps.logger }, robotId);
    await stopServices(deps);
    expect(countAtClose).toBe(2);
  });
});
