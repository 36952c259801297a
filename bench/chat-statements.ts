/**
 * `npm run bench:chat-statements`: what a reply's statements cost as the tables grow, on one database in this
 * process: for each reply of a batch, its context read (sign-in, character, chat, balance), its turn in a new chat,
 * a second turn in that chat, and the final writes of both replies, the replies of a batch sent together as a crowd
 * sends them (so they share statements: statement-batches.ts).
 *
 * The database starts as the demo seed; at each size it grows to that many users, each with a session, a chat and
 * ten messages. The statements stay prepared from one size to the next, as in a server that runs while its tables
 * grow. Before each size's runs, PGlite's handle gives the grown tables fresh planner statistics as its timer would
 * (`analyzeNow`, pglite-auto-analyze.ts; `--no-analyze` skips it) and Postgres gets `analyze`, as its autovacuum
 * would within a minute. Prints the p50 and p95 of each batch's time per reply at each size, and each p50 over the
 * first size's (measured in the same run).
 *
 *   npm run bench:chat-statements -- [--postgres] [--sizes 0,2000,20000] [--runs N (30)] [--batch N (8)] [--no-analyze]
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DbHandle } from "../server/db/types";
import { eachFlag, intFlag, machineLine, onCleanup, out, percentile, printTable, runBench } from "./lib/harness";
import { DEFAULT_ADMIN_URL, createScratchDatabase } from "./lib/scratch-database";

interface Options {
  postgres: boolean;
  sizes: number[];
  runs: number;
  batch: number;
  analyze: boolean;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { postgres: false, sizes: [0, 2000, 20000], runs: 30, batch: 8, analyze: true };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--postgres") opts.postgres = true;
    else if (flag === "--sizes") opts.sizes = (value() ?? "").split(",").map((s) => intFlag(flag, s, 0));
    else if (flag === "--runs") opts.runs = intFlag(flag, value(), 5);
    else if (flag === "--batch") opts.batch = intFlag(flag, value(), 1);
    else if (flag === "--no-analyze") opts.analyze = false;
    else throw new Error(`unknown option ${arg}`);
  });
  if (opts.sizes.some((s, i) => i > 0 && s < opts.sizes[i - 1]!)) throw new Error("--sizes must not decrease");
  return opts;
}

function rowsOf<T extends z.ZodTypeAny>(row: T, result: unknown): z.infer<T>[] {
  return z.object({ rows: z.array(row) }).parse(result).rows;
}

async function openBenchDatabase(opts: Options): Promise<{ handle: DbHandle; label: string }> {
  const { openDatabase } = await import("../server/db/open-database");
  if (!opts.postgres) {
    // The timer stays off: the bench analyses between sizes, not during a size's runs.
    const handle = await openDatabase({ dataDir: "memory://", autoAnalyzeMs: false });
    return { handle, label: "PGlite in memory" };
  }
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL, "kewl_bench_stmts_");
  const opened = await openDatabase({ databaseUrl: scratch.url });
  // Closed once, by main or by the cleanups when main failed (before the database is dropped).
  let closing: Promise<void> | undefined;
  const handle = { ...opened, close: () => (closing ??= opened.close()) };
  onCleanup("close the database", () => handle.close());
  return { handle, label: `Postgres, ${scratch.safeUrl}` };
}

/** Grows the tables to `size` users with a session, a chat with the character and ten messages each. */
async function grow(handle: DbHandle, robotId: number, model: string, from: number, size: number): Promise<void> {
  const step = 5000;
  for (let start = from; start < size; start += step) {
    const end = Math.min(size, start + step);
    await handle.db.execute(sql`
      with new_users as (
        insert into users (key, name) select 'grown_' || i, 'Grown' from generate_series(${start + 1}::int, ${end}::int) i
        returning id
      ), tokens as (
        insert into auth_tokens (user_id, kind, token_hash, expires_at)
        select id, 'session', md5(id::text), now() + interval '30 days' from new_users
      ), chats as (
        insert into chat_sessions (id, user_id, robot_id, model_key, last_message_at)
        select gen_random_uuid(), id, ${robotId}, ${model}, now() from new_users
        returning id
      )
      insert into chat_messages (session_id, role, content, status, model_key)
      select chats.id, case when m % 2 = 1 then 'user' else 'assistant' end, 'A message of the grown chats, of a usual length.', 'complete', ${model}
      from chats cross join generate_series(1, 10) m`);
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const { seedDemo } = await import("../server/db/seed/seed-demo");
  const { createSession } = await import("../server/modules/sessions/sessions");
  const { readReplyContext } = await import("../server/modules/chat/reply-context");
  const { storeTurn } = await import("../server/modules/chat/store-turn");
  const { writeFinal } = await import("../server/modules/chat/final-writes");
  const { handle, label } = await openBenchDatabase(opts);
  const db = handle.db;
  await seedDemo(db);
  const [robot] = rowsOf(
    z.object({ id: z.coerce.number() }),
    await db.execute(sql`select id from robots where visibility = 'public' and not nsfw order by id limit 1`),
  );
  const [model] = rowsOf(
    z.object({ key: z.string() }),
    await db.execute(sql`select key from chat_models where enabled order by sort limit 1`),
  );
  if (!robot || !model) throw new Error("the demo seed has no public character or no enabled model");
  const robotId = robot.id;

  out(`Chat statements as the tables grow — ${new Date().toISOString()}`);
  out(machineLine());
  out(
    `database: ${label}; ${opts.runs} batches of ${opts.batch} replies at each size; ${opts.analyze ? "analysed before each size" : "never analysed"}`,
  );

  const viewer = { ageVerified: true } as Parameters<typeof readReplyContext>[3];
  const day = new Date().toISOString().slice(0, 10);
  const turn = (userId: string, chat: { id: string; existing: boolean }) =>
    storeTurn(db, {
      userId,
      robotId,
      chat,
      modelKey: model.key,
      message: "Hello there",
      price: { kind: "allowance" },
      dailyLimit: 1_000_000,
      day,
    });
  const final = (id: number) =>
    writeFinal(db, id, {
      content: "A reply.",
      status: "complete",
      coinsSpent: 0,
      promptTokens: 100,
      completionTokens: 20,
    });

  /** One batch: every reply's statements, the replies together; ms per reply. */
  const batch = async (): Promise<number> => {
    const users: { id: string; token: string }[] = [];
    for (let i = 0; i < opts.batch; i++) {
      const id = randomUUID();
      await db.execute(
        sql`insert into users (id, key, name) values (${id}, ${`b_${id.slice(0, 8)}${id.slice(9, 13)}`}, 'Bench')`,
      );
      users.push({ id, token: (await createSession(db, id, false)).token });
    }
    const started = performance.now();
    await Promise.all(users.map((u) => readReplyContext(db, u.token, robotId, viewer)));
    const first = await Promise.all(users.map((u) => turn(u.id, { id: randomUUID(), existing: false })));
    await Promise.all(first.map((t) => final(t.assistantId)));
    const second = await Promise.all(first.map((t, i) => turn(users[i]!.id, { id: t.sessionId, existing: true })));
    await Promise.all(second.map((t) => final(t.assistantId)));
    return (performance.now() - started) / opts.batch;
  };

  const rows: string[][] = [];
  let grown = 0;
  let firstP50 = 0;
  for (const size of opts.sizes) {
    const growStarted = performance.now();
    await grow(handle, robotId, model.key, grown, size);
    grown = size;
    const growMs = performance.now() - growStarted;
    let analysed = "-";
    if (opts.analyze) {
      const analyzeStarted = performance.now();
      // PGlite's own pass (what its timer runs); Postgres, and code before pglite-auto-analyze.ts: all tables.
      if (handle.analyzeNow) analysed = `${(await handle.analyzeNow()).length} tables`;
      else {
        await db.execute(sql`analyze`);
        analysed = "all tables";
      }
      analysed += `, ${(performance.now() - analyzeStarted).toFixed(0)} ms`;
    }
    const samples: number[] = [];
    for (let i = -3; i < opts.runs; i++) {
      const ms = await batch();
      if (i >= 0) samples.push(ms);
    }
    const [counts] = rowsOf(
      z.object({ messages: z.number(), sessions: z.number() }),
      await db.execute(
        sql`select (select count(*) from chat_messages)::int as messages, (select count(*) from auth_tokens)::int as sessions`,
      ),
    );
    if (!counts) throw new Error("no counts");
    samples.sort((a, b) => a - b);
    const p50 = percentile(samples, 50);
    if (!firstP50) firstP50 = p50;
    rows.push([
      String(size),
      String(counts.sessions),
      String(counts.messages),
      `${(growMs / 1000).toFixed(1)} s`,
      analysed,
      p50.toFixed(2),
      percentile(samples, 95).toFixed(2),
      (p50 / firstP50).toFixed(2),
    ]);
  }
  out("");
  printTable(
    ["grown users", "sessions", "messages", "growing", "analysed", "ms per reply p50", "p95", "p50 over the first"],
    rows,
  );
  await handle.close();
}

await runBench("chat statements bench", main);
