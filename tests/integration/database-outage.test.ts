import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { chatMessages, chatSessions, robots } from "@/server/db/schema";
import { MIGRATION_LOCK_ID, openDatabase } from "@/server/db/open-database";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { creditCoins, getBalance } from "@/server/modules/wallet/wallet";
import { createMockProvider, type MockProvider } from "@/tests/support/mock-model";
import { createUserWithSession } from "./helpers/fixtures";
import { chatStreamReader, readChatStream } from "./helpers/read-chat-stream";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

/**
 * Postgres backends terminated under the app (pg_terminate_backend, as a restart or a failover does): no uncaught
 * exception, 503 envelopes instead of 500s, and a pool that recovers. PGlite cannot lose a connection, so this file
 * needs TEST_DATABASE_URL; without it its tests are reported as skipped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const title = adminUrl
  ? "losing Postgres connections"
  : "losing Postgres connections (skipped: TEST_DATABASE_URL is not set)";

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The rows of a raw statement's result (drizzle's PgDatabase type leaves it unknown). */
const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

const ENV = {
  CHAT_FREE_REPLIES_PER_DAY: "100000",
  CHAT_MAX_STREAMS_PER_USER: "1000",
  CHAT_MESSAGES_PER_MINUTE: "10000",
  CHAT_CHECKPOINT_MS: "20",
};

describe.skipIf(!adminUrl)(title, () => {
  let database: DbHandle;
  let pool: pg.Pool;
  let api: TestApi;
  let llm: MockProvider;
  let admin: pg.Client;
  let robotId: number;
  // Node-postgres emits 'error' on a client whose connection dies; unheard, that is an uncaught exception. Vitest
  // stops reporting uncaught exceptions once the test has a listener of its own, so these are checked after each
  // test and at the end.
  const uncaught: unknown[] = [];
  const count = (err: unknown) => void uncaught.push(err);

  beforeAll(async () => {
    process.on("uncaughtException", count);
    process.on("unhandledRejection", count);
    database = await createTestDatabase("postgres");
    pool = (database.db as unknown as { $client: pg.Pool }).$client;
    await seedDemo(database.db);
    llm = createMockProvider();
    api = createTestApi(database, ENV, undefined, llm);
    const [r] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    robotId = r!.id;
    const [{ name }] = rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`)) as [
      { name: string },
    ];
    admin = new pg.Client({ connectionString: withDatabase(adminUrl!, name) });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
    process.off("uncaughtException", count);
    process.off("unhandledRejection", count);
    expect(uncaught).toEqual([]);
  });
  afterEach(async () => {
    await admin.query("rollback").catch(() => undefined);
    expect(uncaught).toEqual([]);
    llm.setScript({});
  });

  /** The pid of the app's backend that matches `where` (on pg_stat_activity a), once there is one. */
  async function backendWhere(where: string): Promise<number> {
    let pid = 0;
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ pid: number }>(
          `select a.pid from pg_stat_activity a where a.datname = current_database() and a.pid <> pg_backend_pid() and ${where} limit 1`,
        );
        if (!rows[0]) throw new Error(`no backend where ${where} yet`);
        pid = rows[0].pid;
      },
      { timeout: 20_000, interval: 10 },
    );
    return pid;
  }
  const waitingForLock = () => backendWhere("a.wait_event_type = 'Lock'");
  const terminate = async (pid: number) =>
    (await admin.query("select pg_terminate_backend($1) as ok", [pid])).rows[0].ok as boolean;

  async function signIn(coins = 0) {
    const { user, token } = await createUserWithSession(database.db, "Oda");
    if (coins) await creditCoins(database.db, user.id, coins, "test", `outage-${user.id}`);
    return { user, auth: { authorization: `Bearer ${token}` } };
  }
  const send = (auth: Record<string, string>, body: Record<string, unknown>) =>
    api.post("/v1/chat_session/chat", body, auth);

  async function expectUnavailable(res: Response) {
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await res.json()).toEqual({ code: 503, msg: expect.stringContaining("unavailable"), data: null });
  }

  it("answers a query whose connection is terminated with a 503 envelope, and the next one normally", async () => {
    const { auth } = await signIn(4);
    await admin.query("begin");
    await admin.query("lock table wallets in access exclusive mode");
    const pending = api.request("/v1/buy_coin/wallet", { headers: auth });
    expect(await terminate(await waitingForLock())).toBe(true);
    await admin.query("rollback");
    await expectUnavailable(await pending);

    const res = await api.request("/v1/buy_coin/wallet", { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).data.wallet_info.buy_coin).toBe(4);
  });

  it("answers 503 when a transaction's connection is terminated (a paid chat send), storing and charging nothing", async () => {
    const { user, auth } = await signIn(5);
    await admin.query("begin");
    await admin.query("select balance from wallets where user_id = $1 for update", [user.id]);
    const pending = send(auth, { robot_id: robotId, message: "hello?", model: "premium" });
    // the send's transaction is inside its charge, waiting for the wallet row
    expect(await terminate(await waitingForLock())).toBe(true);
    await admin.query("rollback");
    await expectUnavailable(await pending);
    expect(llm.calls.at(-1)!.abortedAt).not.toBeNull();
    expect(await getBalance(database.db, user.id)).toBe(5);
    expect(await database.db.select().from(chatSessions).where(eq(chatSessions.userId, user.id))).toEqual([]);

    const stream = await readChatStream(
      await send(auth, { robot_id: robotId, message: "hello again", model: "premium" }),
    );
    expect(stream.messages.at(-1)).toMatchObject({ type: "end", coins_spent: 2, balance: 3 });
  });

  it("hands a checked-out client whose connection died back to the pool, even if its holder never releases it", async () => {
    // drizzle's transaction() does not release its client when `begin` fails on a dead connection: without this,
    // each such failure would take a pool slot for good, until every request waits for a connection that never comes
    const size = pool.options.max;
    for (let i = 0; i < size; i++) {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      const died = once(client, "error");
      expect(await terminate(rows[0]!.pid)).toBe(true);
      await died;
    }
    expect(pool.totalCount).toBe(pool.idleCount);
    const results = await Promise.all(
      Array.from({ length: size * 2 }, () => database.db.execute(sql`select 1 as one`)),
    );
    expect(results.map((r) => rowsOf(r)[0])).toEqual(Array.from({ length: size * 2 }, () => ({ one: 1 })));
  });

  it("saves a chat reply whose final write's connection is terminated, by trying it again", async () => {
    await database.db.execute(
      sql.raw(`create function test_hold_final_write() returns trigger language plpgsql as $$
      begin
        if old.status = 'streaming' and new.status <> 'streaming' then perform pg_advisory_xact_lock_shared(4242); end if;
        return new;
      end $$`),
    );
    await database.db.execute(
      sql.raw(
        "create trigger test_hold_final_write before update on chat_messages for each row execute function test_hold_final_write()",
      ),
    );
    try {
      const { auth } = await signIn(5);
      await admin.query("select pg_advisory_lock(4242)");
      llm.setScript({ chunks: ["Still", " here"] });
      const reader = chatStreamReader(await send(auth, { robot_id: robotId, message: "hi", model: "premium" }));
      const id = Number((await reader.until((m) => m.type === "start")).message_id);
      const finalWrite = await backendWhere(
        "exists (select 1 from pg_locks l where l.pid = a.pid and l.locktype = 'advisory' and not l.granted)",
      );
      expect(await terminate(finalWrite)).toBe(true);
      await admin.query("select pg_advisory_unlock(4242)");
      const stream = await reader.rest();
      expect(stream.messages.at(-1)).toMatchObject({
        type: "end",
        coins_spent: 2,
        message: { id, content: "Still here", status: "complete" },
      });
      expect(stream.closed).toBe(true);
      const [row] = await database.db.select().from(chatMessages).where(eq(chatMessages.id, id));
      expect(row).toMatchObject({ status: "complete", content: "Still here", coinsSpent: 2 });
    } finally {
      await admin.query("select pg_advisory_unlock_all()");
      await database.db.execute(sql.raw("drop trigger test_hold_final_write on chat_messages"));
      await database.db.execute(sql.raw("drop function test_hold_final_write()"));
    }
  });

  it("survives bursts of terminated backends under load: 200 or a 503 envelope, never a crash, and recovers", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => signIn(1000)));
    // replies take a few milliseconds, so terminations also land on their checkpoints and final writes
    llm.setScript({ chunkDelayMs: 5 });
    const statuses = new Map<number, number>();
    const endings = new Map<string, number>();
    const problems: string[] = [];
    let stop = false;
    let answered = 0;
    let onAnswer = () => undefined as void;
    /** Resolves once n more requests have been answered, so that each burst hits an app that has recovered. */
    const answers = (n: number) => {
      const target = answered + n;
      return new Promise<void>((resolve) => {
        onAnswer = () => {
          if (answered >= target) resolve();
        };
      });
    };

    async function call(auth: Record<string, string>, step: number): Promise<void> {
      const paths = [
        () =>
          send(auth, { robot_id: robotId, message: `message ${step}`, model: step % 4 === 0 ? "premium" : "standard" }),
        () => api.request("/v1/buy_coin/wallet", { headers: auth }),
        () => api.post("/v1/chat_session/history", { robot_id: robotId }, auth),
        () => api.request("/v1/chat_session/recent_list", { headers: auth }),
        () => api.request("/v1/user/info", { headers: auth }),
        () => api.post("/v1/robot/search", { keyword: "captain", page: 1 }),
      ];
      const res = await paths[step % paths.length]!();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 503) {
        if (res.headers.get("retry-after") !== "2") problems.push("503 without retry-after");
        const body = await res.json();
        if (body.code !== 503 || body.data !== null) problems.push(`503 body ${JSON.stringify(body)}`);
      } else if (res.status !== 200) {
        problems.push(`${res.status} ${await res.text()}`);
      } else if (res.headers.get("content-type")?.includes("text/event-stream")) {
        const stream = await readChatStream(res);
        const last = stream.messages.at(-1);
        const ending = last?.type === "error" ? `error ${(last.error as { code: number }).code}` : String(last?.type);
        endings.set(ending, (endings.get(ending) ?? 0) + 1);
        if (!stream.closed || (last?.type !== "end" && last?.type !== "error"))
          problems.push(`stream ended with ${ending}`);
      } else {
        await res.arrayBuffer();
      }
    }
    const workers = users.map(async ({ auth }, w) => {
      for (let step = w; !stop; step++) {
        await call(auth, step);
        answered += 1;
        onAnswer();
      }
    });

    let terminated = 0;
    try {
      for (let round = 0; round < 12; round++) {
        // a burst lands while the app is busy (one of its backends is running a statement), after it has answered a
        // few requests since the last one
        await answers(users.length * 2);
        await backendWhere("a.state <> 'idle'");
        const { rowCount } = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        );
        terminated += rowCount ?? 0;
      }
    } finally {
      stop = true;
      await Promise.all(workers);
    }

    expect(uncaught).toEqual([]);
    expect(problems).toEqual([]);
    expect(terminated).toBeGreaterThanOrEqual(12);
    expect([...statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
    console.info("burst:", { terminated, statuses: Object.fromEntries(statuses), chat: Object.fromEntries(endings) });

    // the pool recovers: nothing leaked (once the last checkpoint is back), and every kind of request succeeds again
    await vi.waitFor(() => expect(pool.totalCount).toBe(pool.idleCount));
    const after = await Promise.all(users.map(({ auth }) => api.request("/v1/buy_coin/wallet", { headers: auth })));
    expect(after.map((r) => r.status)).toEqual(users.map(() => 200));
    const chat = await readChatStream(
      await send(users[0]!.auth, { robot_id: robotId, message: "all good?", model: "premium" }),
    );
    expect(chat.messages.at(-1)).toMatchObject({ type: "end" });
    // every reply that was streamed has been settled (the final writes were tried again)
    const streaming = await database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.status, "streaming"));
    expect(streaming).toEqual([]);
  });

  it("migrates at start even when the migration lock's connection is terminated", async () => {
    const name = `kewl_t_${randomBytes(6).toString("hex")}`;
    const server = new pg.Client({ connectionString: adminUrl });
    await server.connect();
    await server.query(`create database ${name}`);
    const locker = new pg.Client({ connectionString: withDatabase(adminUrl!, name) });
    await locker.connect();
    let opened: DbHandle | undefined;
    try {
      // another instance holds the migration lock, so this start waits for it, with its lock's connection open
      await locker.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      const retries: unknown[] = [];
      const opening = openDatabase({
        databaseUrl: withDatabase(adminUrl!, name),
        poolSize: 2,
        onStartRetry: (err) => retries.push(err),
        onConnectionError: () => undefined,
      });
      const { rows } = await vi.waitFor(
        async () => {
          const found = await locker.query<{ pid: number }>(
            "select pid from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
          );
          if (!found.rows[0]) throw new Error("the start is not waiting for the lock yet");
          return found;
        },
        { timeout: 20_000, interval: 10 },
      );
      expect(await terminate(rows[0]!.pid)).toBe(true);
      await locker.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
      opened = await opening;
      expect(retries.length).toBeGreaterThanOrEqual(1);
      expect(rowsOf(await opened.db.execute(sql`select count(*)::int as n from chat_models`))).toEqual([{ n: 0 }]);
    } finally {
      await opened?.close();
      await locker.end();
      await server.query(`drop database if exists ${name} with (force)`);
      await server.end();
    }
  });
});
