/**
 * API throughput: requests per second for POST /v1/tag/list (a real catalogue read: tags left-joined with
 * robot_tags, with a count) through our server, and through a plain node:http server running the identical
 * SQL on the same database, measured in the same run, and their ratio (ours / plain). Prints figures only;
 * never asserts on them. See bench/README.md.
 *
 *   npx tsx bench/api-throughput.ts [--pglite] [--duration 10] [--warmup 2] [--connections 50] [--plain-cache [30]]
 *                                   [--cpu-prof DIR]
 *
 * Postgres (default): BENCH_DATABASE_URL ?? postgresql://postgres@127.0.0.1:5432/postgres is the admin URL; a
 * fresh database kewl_bench_<random> is created, migrated and seeded, and dropped at the end. Our server is the
 * production entry (scripts/start.mjs, which builds first when the build is stale) in a child process; the
 * baseline is bench/plain-server.mjs in another child process.
 * --pglite: an in-memory PGlite shared by both servers, both in this process (the API only, without Next).
 *
 * The parts live in bench/lib/: throughput-options (flags), throughput-database (database and the listTags SQL),
 * throughput-targets (starting the servers), throughput-checks (same answer, caching) and throughput-load
 * (autocannon runs and figures); harness.ts holds the helpers shared with the other benches.
 */
import os from "node:os";
import { runBench } from "./lib/harness";
import { DEFAULT_ADMIN_URL } from "./lib/scratch-database";
import { probeCaching, verifySameAnswer } from "./lib/throughput-checks";
import { openPglite, openPostgres } from "./lib/throughput-database";
import { mean, measure, printFigures, type RunFigures } from "./lib/throughput-load";
import { ENDPOINT, parseArgs } from "./lib/throughput-options";
import {
  startOursChild,
  startOursInProcess,
  startPlainChild,
  startPlainInProcess,
  type Target,
} from "./lib/throughput-targets";

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const started = new Date();

  process.stdout.write(`API throughput bench — ${started.toISOString()}\n`);
  process.stdout.write(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "?"}), node ${process.version}, ${os.platform()} ${os.release()}, ` +
      `load average ${loadAverage()}\n`,
  );
  const db = opts.pglite ? await openPglite() : await openPostgres(adminUrl);
  process.stdout.write(`database: ${db.label}, seeded; listTags returns ${db.rows} rows\n`);
  process.stdout.write(
    `query (as drizzle generates it for listTags): ${db.sql}${db.params.length ? `  params ${JSON.stringify(db.params)}` : ""}\n`,
  );

  let plain: Target;
  let ours: Target;
  if (opts.pglite) {
    plain = await startPlainInProcess(db, opts);
    ours = await startOursInProcess(db);
    process.stdout.write(
      "mode: --pglite — both servers and the load generator share this one process and one PGlite handle;\n" +
        "      ours is createHttpServer(createApi(deps)) without Next (silent logger, memory store); measured one at a time\n",
    );
  } else {
    plain = await startPlainChild(db, opts);
    ours = await startOursChild(db, opts);
    process.stdout.write(
      "mode: Postgres — ours = production entry (scripts/start.mjs, NODE_ENV=production, LOG_LEVEL=warn, rate limit 1e9/min) in a child;\n" +
        "      plain = bench/plain-server.mjs (node:http + pg Pool max 10) in a child; load generator (autocannon) in this process\n",
    );
  }

  const rows = await verifySameAnswer(ours, plain, db.rows);
  process.stdout.write(`check: both answer POST ${ENDPOINT} with code 0 and ${rows} tags in data.list\n`);
  const cachedBy = await probeCaching(db, ours, plain);
  const describeCache = (t: Target, cached: boolean) =>
    `${t.name}: ${cached ? "answers from a cache (a tag inserted in the database did not show)" : "runs the query on every request"}`;
  process.stdout.write(
    `cache: ${describeCache(ours, cachedBy.ours)}\n       ${describeCache(plain, cachedBy.plain)}\n`,
  );
  process.stdout.write(
    `load: autocannon, ${opts.connections} connections, pipelining 1, ${opts.warmup} s warm-up + ${opts.duration} s measured per run; ` +
      "order plain, ours, plain, ours\n",
  );

  const plainRuns: RunFigures[] = [];
  const oursRuns: RunFigures[] = [];
  for (const round of [1, 2]) {
    plainRuns.push(await measure(plain, opts, round));
    oursRuns.push(await measure(ours, opts, round));
  }
  const plainMean = mean(plainRuns);
  const oursMean = mean(oursRuns);

  process.stdout.write("\nmean of both runs:\n");
  printFigures([
    { name: plain.name, f: plainMean },
    { name: ours.name, f: oursMean },
  ]);
  process.stdout.write(
    `load average after the runs: ${loadAverage()} (other work on this machine skews every figure)\n`,
  );
  const ratio = plainMean.rps > 0 ? oursMean.rps / plainMean.rps : 0;
  process.stdout.write(
    `\nratio (ours/plain): ${ratio.toFixed(2)} (goal >= 0.5)${opts.pglite ? "  [PGlite, API only, no Next]" : ""}\n`,
  );
  if (cachedBy.ours !== cachedBy.plain) {
    process.stdout.write(
      `note: only ${cachedBy.ours ? "ours" : "plain"} answers from a cache, so the ratio compares ${cachedBy.ours ? "a cached read with a query per request" : "a query per request with a cached read"}; ` +
        `--plain-cache gives the baseline the same 30 s cache\n`,
    );
  }
  if (plainMean.non2xx + oursMean.non2xx + plainMean.errors + oursMean.errors > 0) {
    process.stdout.write("note: some requests failed (non-2xx or connection errors): the req/s above count them too\n");
  }
}

await runBench("bench", main);
