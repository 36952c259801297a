import type { PGlite } from "@electric-sql/pglite";
import { z } from "zod";

/** How often the changed tables are looked for (Postgres's autovacuum looks at each database once a minute). */
export const AUTO_ANALYZE_INTERVAL_MS = 30_000;

/**
 * Rows sampled per table are 300 times this. Postgres's default (100) samples 30,000 rows: 260-360 ms on PGlite for
 * 110,000 chat messages, all of it on the server's thread; 10 samples 3,000, 21-34 ms at any size, which is enough
 * for the planner to tell a key from a flag (bench/README.md, issue 16, eighteenth session).
 */
const STATISTICS_TARGET = 10;

/**
 * The tables to analyse, most changed first: those whose rows changed since they were last analysed by more than
 * Postgres's autovacuum thresholds (50 rows plus a tenth of the table), as autovacuum picks them. A table never
 * analysed that changed less is left alone, as there: the planner then takes it for at least ten pages, where
 * statistics of an empty table would have it plan scans of the whole table for lookups until the table is analysed
 * again.
 */
const CHANGED_TABLES = `select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.n_mod_since_analyze desc`;

const changedTables = z.array(z.object({ name: z.string() }));

export interface AutoAnalyze {
  /** Analyses the tables that need it now (one at a time: other statements run between them); their names. */
  runOnce(): Promise<string[]>;
  /** No more runs; waits for one under way. */
  stop(): Promise<void>;
}

/**
 * Keeps PGlite's planner statistics current, as Postgres's autovacuum daemon does for a server: PGlite runs
 * Postgres in single-user mode, where no such daemon runs, so its tables were never analysed.
 *
 * Without statistics the planner guesses every condition's selectivity (an equality keeps 0.5% of the rows), and
 * a prepared statement keeps the generic plan it made then until a table's statistics change. The chat's context
 * read joined all sessions to its batch's token hashes, a cost that grew with the table; it was planned so while
 * the table was small, and kept that plan as it grew.
 */
export function startAutoAnalyze(
  pg: Pick<PGlite, "query" | "transaction" | "closed">,
  opts: {
    /** How often (AUTO_ANALYZE_INTERVAL_MS); false: only through runOnce. */
    intervalMs?: number | false | undefined;
    onAnalyzed?: ((tables: string[], ms: number) => void) | undefined;
    onError?: ((err: unknown) => void) | undefined;
  },
): AutoAnalyze {
  let running: Promise<string[]> | null = null;
  let stopped = false;

  const analyze = async (): Promise<string[]> => {
    const started = performance.now();
    // A backend's counts reach pg_stat_user_tables at most once a second, on a later statement: flushed now, the
    // check sees every change made until this pass.
    await pg.query("select pg_stat_force_next_flush()");
    const tables = changedTables.parse((await pg.query(CHANGED_TABLES)).rows).map((t) => t.name);
    const done: string[] = [];
    for (const table of tables) {
      if (stopped || pg.closed) break;
      await pg.transaction(async (tx) => {
        await tx.exec(`set local default_statistics_target = ${STATISTICS_TARGET}`);
        await tx.exec(`analyze ${table}`);
      });
      done.push(table);
    }
    if (done.length) opts.onAnalyzed?.(done, performance.now() - started);
    return done;
  };

  const runOnce = (): Promise<string[]> => {
    running ??= analyze().finally(() => {
      running = null;
    });
    return running;
  };

  const timer =
    opts.intervalMs === false
      ? null
      : setInterval(() => {
          if (stopped || pg.closed) return;
          runOnce().catch((err: unknown) => opts.onError?.(err));
        }, opts.intervalMs ?? AUTO_ANALYZE_INTERVAL_MS);
  timer?.unref();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
