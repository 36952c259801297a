/** What several worker processes (WEB_CONCURRENCY > 1) need, and how the primary paces replacing them. */

export interface ClusterSettings {
  NODE_ENV: "development" | "production" | "test";
  WEB_CONCURRENCY: number;
  DATABASE_URL?: string | undefined;
  REDIS_URL?: string | undefined;
}

/**
 * The configuration lines (in parseConfig's "  NAME: message" form) that forbid this many workers: each worker is
 * a process of its own, so the database and the small shared state (rate limits, sign-in back-off, reply leases,
 * signature nonces, catalogue invalidation) must live outside them.
 */
export function clusterProblems(config: ClusterSettings): string[] {
  const n = config.WEB_CONCURRENCY;
  if (n <= 1) return [];
  const problems: string[] = [];
  if (config.NODE_ENV === "development") {
    problems.push("  WEB_CONCURRENCY: more than 1 worker runs only in production (npm start), not in npm run dev");
  }
  if (!config.DATABASE_URL) {
    problems.push(
      `  WEB_CONCURRENCY: ${n} worker processes need DATABASE_URL (a Postgres server): ` +
        "the embedded PGlite database belongs to one process",
    );
  }
  if (!config.REDIS_URL) {
    problems.push(
      `  WEB_CONCURRENCY: ${n} worker processes need REDIS_URL: ` +
        "rate limits, sign-in back-off and reply leases must be shared between them",
    );
  }
  return problems;
}

/**
 * How connections reach the workers. By default each worker accepts them itself from the shared listening socket
 * (node:cluster's SCHED_NONE): idle workers take new connections. Node's own default, round-robin, has the primary
 * accept every connection and hand it to a worker over IPC. With 1,000 streams sent at once to 2 workers, that
 * hand-over held requests for up to 6 s before a worker saw them. Time to first token p95 was 5.6–6.6 s with
 * round-robin and 4.1–5.3 s this way; CPU per stream was 10.4–11.6 ms and 8.1–10.3 ms (bench/README.md, "Issue
 * 16, fifth session"). An operator who sets Node's NODE_CLUSTER_SCHED_POLICY ("rr" or "none") gets that instead.
 */
export function workersAcceptThemselves(env: Record<string, string | undefined>): boolean {
  return !env.NODE_CLUSTER_SCHED_POLICY;
}

/** The first replacement of a crashed worker waits this long; each crash in a row doubles it, up to the cap. */
export const RESTART_FIRST_DELAY_MS = 500;
export const RESTART_MAX_DELAY_MS = 30_000;
/** A worker that served this long before dying is not part of a crash loop: its replacement starts at once. */
export const RESTART_STABLE_AFTER_MS = 60_000;

/** How long to wait before replacing a worker after `crashesInARow` crashes of its slot (1 for the first). */
export function restartDelayMs(crashesInARow: number): number {
  if (crashesInARow <= 1) return 0;
  return Math.min(RESTART_MAX_DELAY_MS, RESTART_FIRST_DELAY_MS * 2 ** (crashesInARow - 2));
}

/** The crash count of a slot after its worker died, having lived `livedMs`. */
export function nextCrashCount(previous: number, livedMs: number): number {
  return livedMs >= RESTART_STABLE_AFTER_MS ? 1 : previous + 1;
}
