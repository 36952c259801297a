/**
 * Search latency: POST /v1/robot/search through the real API (createApi + createHttpServer in this process, over
 * real HTTP on 127.0.0.1, without Next, which /v1 never touches) on a fresh database holding the demo seed plus
 * 100,000 generated characters. Sequential requests, one at a time; the catalogue cache is cleared before every
 * request (invalidateCatalogue()), so each one runs the SQL. Prints p50/p95/max per query and overall beside the
 * goals, and EXPLAIN (ANALYZE, BUFFERS) of every query that misses its goal. Prints figures; never asserts.
 *
 *   npx tsx bench/search.ts [--pglite | --postgres] [--rows 100000] [--requests 30] [--warmup 3]
 *
 * Default: both databases, PGlite first. Postgres: BENCH_DATABASE_URL ?? postgresql://postgres@127.0.0.1:5432/postgres
 * is the admin URL; a fresh database kewl_bench_search_<random> is created and dropped at the end.
 * PGlite: in memory (openDatabase({ dataDir: "memory://" })), in this process. See bench/README.md.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { DbHandle } from "../server/db/types";
import { cleanupAll, eachFlag, intFlag, out, percentile, printTable, runBench } from "./lib/harness";
import { startApiInProcess } from "./lib/in-process-api";
import { fill, ms, openBenchDb, type BenchDb, type Driver } from "./lib/search-database";
import { capturingDb } from "./lib/query-capture";
import { makeCorpus, type GeneratedRobot } from "./lib/search-corpus";
import { RARE_WORDS } from "./lib/search-corpus-intros";
import { FIRST_NAMES, SURNAMES, TITLES } from "./lib/search-corpus-names";

const GOAL_P95_MS = { postgres: 25, pglite: 60 } as const;

// ---------------------------------------------------------------------------------------------- options

interface Options {
  drivers: Driver[];
  rows: number;
  requests: number;
  warmup: number;
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { drivers: [], rows: 100_000, requests: 30, warmup: 3 };
  eachFlag(argv, (flag, arg, value) => {
    switch (flag) {
      case "--pglite":
        opts.drivers.push("pglite");
        break;
      case "--postgres":
        opts.drivers.push("postgres");
        break;
      case "--rows":
        opts.rows = intFlag(flag, value(), 0);
        break;
      case "--requests":
        opts.requests = intFlag(flag, value(), 1);
        break;
      case "--warmup":
        opts.warmup = intFlag(flag, value(), 0);
        break;
      case "--help":
      case "-h":
        out("usage: tsx bench/search.ts [--pglite | --postgres] [--rows N] [--requests N] [--warmup N]");
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument: ${arg}`);
    }
  });
  if (opts.drivers.length === 0) opts.drivers = ["pglite", "postgres"];
  opts.drivers = [...new Set(opts.drivers)];
  return opts;
}

interface Query {
  label: string;
  keyword: string;
  page: number;
}

function chooseQueries(corpus: GeneratedRobot[]): Query[] {
  // A generated "Title First Surname" that exists; the middle of the corpus, so it is not special in any way.
  const titled = new RegExp(`^(${TITLES.join("|")}) (${FIRST_NAMES.join("|")}) (${SURNAMES.join("|")})$`);
  const fullName =
    corpus.slice(Math.floor(corpus.length / 2)).find((r) => titled.test(r.name))?.name ?? "Captain Mira Voss";
  const first = "Seraphina";
  const typo = "Serpahina"; // "ap" transposed
  const rare = RARE_WORDS[0] ?? "marzipan";
  return [
    { label: "full name (exists)", keyword: fullName, page: 1 },
    { label: "first name", keyword: first, page: 1 },
    { label: "typo of a name", keyword: typo, page: 1 },
    { label: "tag word", keyword: "horror", page: 1 },
    { label: "two intro words", keyword: "haunted lighthouse", page: 1 },
    { label: "rare word", keyword: rare, page: 1 },
    { label: "common word", keyword: "dragon", page: 1 },
    { label: "no result", keyword: "qwxzvbnmplk", page: 1 },
    { label: "broad query, page 5", keyword: "dragon", page: 5 },
    { label: "stop word", keyword: "the", page: 1 },
    // One typo of each kind, in a name word, a tag word and an intro word; two typos in a 9+ letter word.
    { label: "name, letter missing", keyword: "Seraphna", page: 1 },
    { label: "name, extra letter", keyword: "Seraphinna", page: 1 },
    { label: "name, wrong letter", keyword: "Seraphima", page: 1 },
    { label: "tag, swapped letters", keyword: "hororr", page: 1 },
    { label: "tag, letter missing", keyword: "mystry", page: 1 },
    { label: "intro, swapped + word", keyword: "haunted lighthuose", page: 1 },
    { label: "intro, wrong letter", keyword: "observatary", page: 1 },
    { label: "two typos, 9+ letters", keyword: "obsrevatry", page: 1 },
    { label: "two typos, rare word", keyword: "kaleidoskpoe", page: 1 },
  ];
}

// ---------------------------------------------------------------------------------------------- API in process

interface Answer {
  ms: number;
  total: number;
  listed: number;
}

async function search(base: string, q: Query): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}/v1/robot/search`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ keyword: q.keyword, page: q.page, page_size: 10 }),
  });
  const text = await res.text();
  const elapsed = performance.now() - started;
  let body: { code?: number; data?: { total?: number; list?: unknown[] } } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* reported below */
  }
  if (res.status !== 200 || body?.code !== 0 || typeof body.data?.total !== "number") {
    throw new Error(`POST /v1/robot/search ${JSON.stringify(q.keyword)} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  return { ms: elapsed, total: body.data.total, listed: body.data.list?.length ?? 0 };
}

// ---------------------------------------------------------------------------------------------- EXPLAIN

/** The SQL searchRobots sends, captured with a drizzle logger on a second drizzle instance over the same client. */
async function captureSearchSql(handle: DbHandle, q: Query): Promise<Array<{ sql: string; params: unknown[] }>> {
  const { searchRobots } = await import("../server/modules/catalogue/search-robots");
  const { invalidateCatalogue } = await import("../server/modules/catalogue/catalogue-cache");
  const { db, captured } = await capturingDb(handle);
  invalidateCatalogue();
  await searchRobots(db, { keyword: q.keyword, page: q.page, pageSize: 10 }, { ageVerified: false, nsfw: false });
  invalidateCatalogue();
  return captured;
}

const PLAN_TOP_LINES = 24;
const DIRECT_SAMPLES = 10;

/** Plan lines that say where the time went: the node lines (with actual time) and their conditions. */
function planSummary(lines: string[]): { indexes: string[]; seqScan: boolean; time: string } {
  const indexes = [
    "robots_search_idx",
    "robots_name_trgm_idx",
    "robots_name_fts_idx",
    "robots_popular_idx",
    "search_word_variants_variant_word_pk",
  ].filter((ix) => lines.some((l) => l.includes(ix)));
  const time = lines.find((l) => l.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "?";
  return { indexes, seqScan: lines.some((l) => /Seq Scan on robots/.test(l)), time };
}

async function explainLines(db: BenchDb, s: { sql: string; params: unknown[] }): Promise<string[]> {
  const rows = await db.raw(`explain (analyze, buffers) ${s.sql}`, s.params);
  return rows.map((r) => String(Object.values(r)[0]));
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements searchRobots sends: the page query's plan (top lines, with the
 * Planning/Execution/JIT lines), and a one-line summary of the count query (the capped count of full-text matches
 * that picks the plan; a page past the end of a narrow search also counts all matches).
 */
async function explain(db: BenchDb, q: Query, showSql: boolean): Promise<void> {
  const statements = await captureSearchSql(db.handle, q);
  const page = statements.find((s) => /order by/i.test(s.sql));
  const countQuery = statements.find((s) => /count\(/i.test(s.sql));
  if (page) {
    const lines = await explainLines(db, page);
    const sum = planSummary(lines);
    out(
      `    page query: execution ${sum.time}; indexes used: ${sum.indexes.join(", ") || "none"}${sum.seqScan ? "; Seq Scan on robots" : ""}`,
    );
    const shown = lines.slice(0, PLAN_TOP_LINES);
    const extra = lines
      .slice(PLAN_TOP_LINES)
      .filter((l) => /^(Planning Time|Execution Time|JIT)|^\s+(Functions|Options|Timing):/.test(l));
    for (const l of shown) out(`      ${l}`);
    if (lines.length > PLAN_TOP_LINES) out(`      … (${lines.length - PLAN_TOP_LINES} more lines)`);
    for (const l of extra) out(`      ${l}`);
  }
  if (countQuery) {
    const lines = await explainLines(db, countQuery);
    const sum = planSummary(lines);
    const heap =
      lines
        .find((l) => /Bitmap Heap Scan|Seq Scan|Index Scan/.test(l))
        ?.trim()
        .replace(/^->\s+/, "") ?? "";
    out(`    count query: execution ${sum.time}; indexes used: ${sum.indexes.join(", ") || "none"}; ${heap}`);
  }
  const cards = statements.find((s) => /robot_tags/i.test(s.sql));
  out(`    statements per request: ${statements.length} (count + page${cards ? " + tags of the listed cards" : ""})`);
  if (page && showSql) out(`    page query SQL: ${page.sql}\n    params: ${JSON.stringify(page.params)}`);
}

// ---------------------------------------------------------------------------------------------- run

const f1 = (v: number) => v.toFixed(1);

interface QueryFigures {
  q: Query;
  samples: number[];
  /** searchRobots called in this process without HTTP (same cache clearing): the SQL's share of a request. */
  direct: number[];
  total: number;
  listed: number;
}

async function benchDriver(driver: Driver, corpus: GeneratedRobot[], opts: Options): Promise<void> {
  const goal = GOAL_P95_MS[driver];
  const started = performance.now();
  out(`\n=== ${driver} ===`);
  const db = await openBenchDb(driver);
  out(`database: ${db.label}`);
  await fill(db, corpus);
  const api = await startApiInProcess(db.handle, "stop in-process API");
  const { invalidateCatalogue } = await import("../server/modules/catalogue/catalogue-cache");
  const { searchRobots } = await import("../server/modules/catalogue/search-robots");

  const queries = chooseQueries(corpus);
  out(
    `measuring: POST /v1/robot/search {keyword, page, page_size: 10}, anonymous viewer (no NSFW), ${opts.warmup} warm-up + ` +
      `${opts.requests} measured sequential requests per query, keep-alive; invalidateCatalogue() before every request`,
  );
  const figures: QueryFigures[] = [];
  for (const q of queries) {
    const samples: number[] = [];
    let last: Answer | undefined;
    for (let i = 0; i < opts.warmup + opts.requests; i++) {
      invalidateCatalogue();
      last = await search(api.base, q);
      if (i >= opts.warmup) samples.push(last.ms);
    }
    const direct: number[] = [];
    for (let i = 0; i < 1 + DIRECT_SAMPLES; i++) {
      invalidateCatalogue();
      const t = performance.now();
      await searchRobots(
        db.handle.db,
        { keyword: q.keyword, page: q.page, pageSize: 10 },
        { ageVerified: false, nsfw: false },
      );
      if (i >= 1) direct.push(performance.now() - t);
    }
    figures.push({ q, samples, direct, total: last?.total ?? 0, listed: last?.listed ?? 0 });
  }

  out(`\nresults (${driver}; goal p95 <= ${goal} ms per query):`);
  const rows = figures.map(({ q, samples, direct, total, listed }) => {
    const p95 = percentile(samples, 95);
    return [
      q.label,
      JSON.stringify(q.keyword) + (q.page > 1 ? ` p${q.page}` : ""),
      total.toLocaleString("en"),
      String(listed),
      f1(percentile(samples, 50)),
      f1(p95),
      f1(Math.max(...samples)),
      f1(percentile(direct, 50)),
      p95 <= goal ? "met" : "MISSED",
    ];
  });
  printTable(
    ["query", "keyword", "total", "listed", "p50 ms", "p95 ms", "max ms", "direct p50", `p95<=${goal}`],
    rows,
    "  ",
  );
  out(
    `  (direct p50: searchRobots() called in this process without HTTP, ${DIRECT_SAMPLES} runs after 1 warm-up: the database's share)`,
  );
  const all = figures.flatMap((f) => f.samples);
  const overallP95 = percentile(all, 95);
  out(
    `  overall (${all.length} requests): p50 ${f1(percentile(all, 50))} ms, p95 ${f1(overallP95)} ms, max ${f1(Math.max(...all))} ms` +
      `  — goal p95 <= ${goal} ms: ${overallP95 <= goal ? "met" : "MISSED"}`,
  );

  const missed = figures.filter((f) => percentile(f.samples, 95) > goal);
  if (missed.length) {
    out(
      `\nEXPLAIN (ANALYZE, BUFFERS) of the ${missed.length} quer${missed.length === 1 ? "y" : "ies"} over the goal (top ${PLAN_TOP_LINES} lines each):`,
    );
    let shownSql = false;
    for (const f of missed) {
      out(
        `  ${f.q.label}: ${JSON.stringify(f.q.keyword)}${f.q.page > 1 ? ` page ${f.q.page}` : ""} (p95 ${f1(percentile(f.samples, 95))} ms)`,
      );
      await explain(db, f.q, !shownSql).catch((err: unknown) =>
        out(`    EXPLAIN failed: ${err instanceof Error ? err.message : String(err)}`),
      );
      shownSql = true;
    }
  }

  await api.stop();
  await db.close();
  out(`\n${driver} done in ${ms(performance.now() - started)}`);
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  out(`Search latency bench — ${new Date().toISOString()}`);
  out(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "?"}), node ${process.version}, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} (other work may share the machine)`,
  );
  const t = performance.now();
  const corpus = makeCorpus(opts.rows);
  out(
    `corpus: ${corpus.length.toLocaleString("en")} generated characters (deterministic seed) in ${ms(performance.now() - t)}; drivers: ${opts.drivers.join(", ")}`,
  );
  for (const driver of opts.drivers) await benchDriver(driver, corpus, opts);
  out(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  await cleanupAll();
}

await runBench("search bench", main);
