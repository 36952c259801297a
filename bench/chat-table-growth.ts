/**
 * `npm run bench:chat-table-growth`: what a long-running PGlite site's chat tables weigh as replies accumulate, with
 * no vacuum. PGlite runs Postgres in single-user mode, where autovacuum never runs (pglite-auto-analyze.ts gives it
 * planner statistics, not vacuums). Every reply updates its assistant row once (`streaming` → final) and its chat's
 * row; both updates change an indexed column or a partial index's predicate, so neither is a HOT update, and each
 * leaves a dead row version and index entries that only a vacuum would free, unless Postgres's page pruning and the
 * B-tree's bottom-up deletion (Postgres 14 and later) reclaim them on the way.
 *
 * The replies go through the server's own statements (storeTurn, writeFinal), in batches as a crowd sends them,
 * spread over a set of users who each keep one chat. After every block of replies it prints the chat tables' sizes,
 * the bytes per stored message and the time per reply; then `vacuum` of the messages, one more block (does the
 * space come back into use?), and `vacuum full` (the tables as compact as they can be), to compare with.
 *
 *   npm run bench:chat-table-growth -- [--users N (1000)] [--replies N (20000)] [--block N (5000)] [--length N (1200)]
 *                                      [--batch N (50)]
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { eachFlag, intFlag, machineLine, out, printTable, runBench } from "./lib/harness";

interface Options {
  users: number;
  replies: number;
  block: number;
  length: number;
  /** Replies whose statements are sent together, as a crowd's are (1: a quiet site's, one at a time). */
  batch: number;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { users: 1000, replies: 20_000, block: 5000, length: 1200, batch: 50 };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--users") opts.users = intFlag(flag, value(), 1);
    else if (flag === "--replies") opts.replies = intFlag(flag, value(), 1);
    else if (flag === "--block") opts.block = intFlag(flag, value(), 1);
    else if (flag === "--length") opts.length = intFlag(flag, value(), 1);
    else if (flag === "--batch") opts.batch = intFlag(flag, value(), 1);
    else throw new Error(`unknown option ${arg}`);
  });
  if (opts.users < opts.batch) throw new Error("--users must be at least --batch (a batch's users all differ)");
  if (opts.block % opts.batch !== 0) throw new Error("--block must be a multiple of --batch");
  return opts;
}

const sizesRow = z.object({
  messages: z.coerce.number(),
  messages_heap: z.coerce.number(),
  messages_indexes: z.coerce.number(),
  dead: z.coerce.number(),
  chats: z.coerce.number(),
  chats_size: z.coerce.number(),
  database: z.coerce.number(),
  xid: z.coerce.number(),
});

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const { openDatabase } = await import("../server/db/open-database");
  const { seedDemo } = await import("../server/db/seed/seed-demo");
  const { storeTurn } = await import("../server/modules/chat/store-turn");
  const { writeFinal } = await import("../server/modules/chat/final-writes");
  // The statistics timer stays off: the bench runs the same pass itself after each block.
  const handle = await openDatabase({ dataDir: "memory://", autoAnalyzeMs: false });
  const db = handle.db;
  const rows = async <T extends z.ZodTypeAny>(schema: T, query: SQL) =>
    z.object({ rows: z.array(schema) }).parse(await db.execute(query)).rows;

  await seedDemo(db);
  const [robot] = await rows(
    z.object({ id: z.coerce.number() }),
    sql`select id from robots where visibility = 'public' and not nsfw order by id limit 1`,
  );
  const [model] = await rows(
    z.object({ key: z.string() }),
    sql`select key from chat_models where enabled order by sort limit 1`,
  );
  if (!robot || !model) throw new Error("the demo seed has no public character or no enabled model");

  const users = (
    await rows(
      z.object({ id: z.string() }),
      sql`insert into users (key, name) select 'growth_' || i, 'Growth' from generate_series(1, ${opts.users}::int) i returning id`,
    )
  ).map((u): { id: string; chat: string | null } => ({ id: u.id, chat: null }));

  out(`Chat tables as replies accumulate on PGlite, never vacuumed — ${new Date().toISOString()}`);
  out(machineLine());
  out(
    `${opts.users} users with a chat each, replies of ${opts.length} characters in batches of ${opts.batch}; planner statistics refreshed after each block`,
  );

  const content = "word ".repeat(Math.ceil(opts.length / 5)).slice(0, opts.length);
  const day = new Date().toISOString().slice(0, 10);
  const table: string[][] = [];
  let replies = 0;
  const firstXid = (await rows(sizesRow.pick({ xid: true }), sql`select txid_current() as xid`))[0]?.xid ?? 0;

  const measure = async (label: string, msPerReply: string) => {
    const [r] = await rows(
      sizesRow,
      sql`select
        (select count(*) from chat_messages) as messages,
        pg_relation_size('chat_messages') as messages_heap,
        pg_indexes_size('chat_messages') as messages_indexes,
        (select n_dead_tup from pg_stat_user_tables where relname = 'chat_messages') as dead,
        (select count(*) from chat_sessions) as chats,
        pg_total_relation_size('chat_sessions') as chats_size,
        pg_database_size(current_database()) as database,
        txid_current() as xid`,
    );
    if (!r) throw new Error("no sizes");
    table.push([
      label,
      String(replies),
      String(r.messages),
      mb(r.messages_heap),
      mb(r.messages_indexes),
      r.messages ? ((r.messages_heap + r.messages_indexes) / r.messages).toFixed(0) : "-",
      String(r.dead),
      mb(r.chats_size),
      mb(r.database),
      replies ? ((r.xid - firstXid) / replies).toFixed(2) : "-",
      msPerReply,
    ]);
  };

  const block = async (label: string) => {
    const started = performance.now();
    const until = replies + opts.block;
    while (replies < until) {
      const picked = Array.from({ length: opts.batch }, (_, i) => users[(replies + i) % users.length]!);
      const turns = await Promise.all(
        picked.map((u) =>
          storeTurn(db, {
            userId: u.id,
            robotId: robot.id,
            chat: u.chat ? { id: u.chat, existing: true } : { id: randomUUID(), existing: false },
            modelKey: model.key,
            message: "Tell me more about the lighthouse.",
            price: { kind: "allowance" },
            dailyLimit: 1_000_000_000,
            day,
          }),
        ),
      );
      turns.forEach((t, i) => (picked[i]!.chat = t.sessionId));
      await Promise.all(
        turns.map((t) =>
          writeFinal(db, t.assistantId, {
            content,
            status: "complete",
            coinsSpent: 0,
            promptTokens: 400,
            completionTokens: 300,
          }),
        ),
      );
      replies += opts.batch;
    }
    const ms = ((performance.now() - started) / opts.block).toFixed(2);
    await handle.analyzeNow?.();
    await measure(label, ms);
  };

  await measure("start", "-");
  for (let i = 0; i < opts.replies; i += opts.block) await block(`${i + opts.block} replies`);
  let started = performance.now();
  await db.execute(sql`vacuum chat_messages`);
  const vacuumMs = performance.now() - started;
  await measure(`vacuum (${vacuumMs.toFixed(0)} ms)`, "-");
  await block("one block more");
  started = performance.now();
  await db.execute(sql`vacuum full chat_messages`);
  await db.execute(sql`vacuum full chat_sessions`);
  await measure(`vacuum full (${(performance.now() - started).toFixed(0)} ms)`, "-");

  out("");
  printTable(
    [
      "after",
      "replies",
      "messages",
      "heap MB",
      "indexes MB",
      "B per message",
      "dead rows",
      "chats MB",
      "database MB",
      "xids per reply",
      "ms per reply",
    ],
    table,
  );
  await handle.close();
}

await runBench("chat table growth bench", main);
