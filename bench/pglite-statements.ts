/**
 * `npm run bench:pglite`: what one statement costs on PGlite through PGlite's own `query` (what drizzle's driver
 * calls by default) and through our prepared-statement client (server/db/pglite-prepared-client.ts, what the app
 * uses), on the same database in this process.
 *
 * Two statements the chat path runs: the session lookup (`resolveSession`) and a reply's context read
 * (`readReplyContext`, one statement with joins and subqueries). Each is timed back to back (warm caches), and
 * with a pause before each run (`--pause-ms`, 250 by default) as between the requests of one chat: on a shared VM
 * the CPU caches are then cold, which is what a request usually meets. The two clients alternate run by run.
 * Prints p50/p95 of each and the ratio of the p50s.
 *
 *   npm run bench:pglite -- [--runs N (300)] [--paused-runs N (40)] [--pause-ms N (250)]
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { Db } from "../server/db/types";
import { eachFlag, intFlag, machineLine, out, percentile, printTable, runBench, sleep } from "./lib/harness";

interface Options {
  runs: number;
  pausedRuns: number;
  pauseMs: number;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { runs: 300, pausedRuns: 40, pauseMs: 250 };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--runs") opts.runs = intFlag(flag, value(), 10);
    else if (flag === "--paused-runs") opts.pausedRuns = intFlag(flag, value(), 5);
    else if (flag === "--pause-ms") opts.pauseMs = intFlag(flag, value(), 0);
    else throw new Error(`unknown option ${arg}`);
  });
  return opts;
}

type Statement = (db: Db, i: number) => Promise<unknown>;

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const schema = await import("../server/db/schema");
  const { MIGRATIONS_DIR } = await import("../server/db/open-database");
  const { preparedStatementsClient } = await import("../server/db/pglite-prepared-client");
  const { seedDemo } = await import("../server/db/seed/seed-demo");
  const { createSession, resolveSession } = await import("../server/modules/sessions/sessions");
  const { readReplyContext } = await import("../server/modules/chat/reply-context");

  out(`PGlite statement bench — ${new Date().toISOString()}`);
  out(machineLine());
  const client = await PGlite.create("memory://", { extensions: { pg_trgm } });
  const plain = drizzle(client, { schema }) as unknown as Db;
  const prepared = drizzle({
    client: preparedStatementsClient(client) as unknown as typeof client,
    schema,
  }) as unknown as Db;
  await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  await seedDemo(plain);
  const [robot] = await plain.select({ id: schema.robots.id }).from(schema.robots).limit(1);
  if (!robot) throw new Error("the demo seed has no character");

  const tokens: string[] = [];
  for (let i = 0; i < 200; i++) {
    const key = `bench_pglite_${i}`;
    const [user] = await plain
      .insert(schema.users)
      .values({ key, name: "Bench", email: `${key}@example.test` })
      .returning({ id: schema.users.id });
    tokens.push((await createSession(plain, user!.id, false)).token);
  }
  const token = (i: number) => tokens[i % tokens.length] ?? "";
  const statements: [string, Statement][] = [
    ["session lookup", (db, i) => resolveSession(db, token(i))],
    [
      "reply context read",
      (db, i) =>
        readReplyContext(db, token(i), robot.id, { ageVerified: false } as Parameters<typeof readReplyContext>[3]),
    ],
  ];
  out(
    `database: PGlite in memory, migrated, demo seed, ${tokens.length} users with sessions; both clients on the same PGlite`,
  );

  const rows: string[][] = [];
  for (const [name, run] of statements) {
    for (const pause of [0, opts.pauseMs]) {
      const runs = pause ? opts.pausedRuns : opts.runs;
      const samples: Record<"plain" | "prepared", number[]> = { plain: [], prepared: [] };
      for (let i = -5; i < runs; i++) {
        for (const [label, db] of (i % 2 === 0
          ? [
              ["plain", plain],
              ["prepared", prepared],
            ]
          : [
              ["prepared", prepared],
              ["plain", plain],
            ]) as ["plain" | "prepared", Db][]) {
          if (pause) await sleep(pause);
          const started = performance.now();
          await run(db, i + 5);
          if (i >= 0) samples[label].push(performance.now() - started);
        }
      }
      const p50 = (label: "plain" | "prepared") => percentile(samples[label], 50);
      rows.push([
        `${name}, ${pause ? `${pause} ms pause before each` : "back to back"} (${runs} runs)`,
        p50("plain").toFixed(2),
        percentile(samples.plain, 95).toFixed(2),
        p50("prepared").toFixed(2),
        percentile(samples.prepared, 95).toFixed(2),
        (p50("prepared") / p50("plain")).toFixed(2),
      ]);
    }
  }
  out();
  printTable(["ms", "PGlite query p50", "p95", "prepared p50", "p95", "prepared/query"], rows, "  ");

  const plans = await client.query<{ statements: number; generic: number; custom: number }>(
    "select count(*)::int as statements, coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom from pg_prepared_statements",
  );
  const summary = plans.rows[0];
  out(
    `\nprepared statements afterwards: ${summary?.statements ?? 0}; plans made: ${summary?.custom ?? 0} custom, ${summary?.generic ?? 0} generic (reused)`,
  );
  out(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (other work on this machine skews every figure)`,
  );
  await client.close();
}

await runBench("PGlite statement bench", main);
