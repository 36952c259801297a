import { sql } from "drizzle-orm";
import type { DbHandle } from "../../db/types";
import { isShuttingDown } from "../../http/readiness";
import type { KeyValueStore } from "../limits/key-value-store";

/** Each check gets this long: a hung database or Redis makes readiness answer 503, never a hanging probe. */
export const READINESS_CHECK_TIMEOUT_MS = 1500;

export type CheckResult = { status: "up"; latency_ms: number } | { status: "down"; error: string };

export interface Readiness {
  ready: boolean;
  /** What failed, for the message: "database", "redis", "shutting down". */
  failed: string[];
  report: {
    status: "ready" | "not_ready";
    shutting_down: boolean;
    database: CheckResult & { driver: DbHandle["driver"] };
    /** Only when the store is Redis (REDIS_URL). */
    redis?: CheckResult;
  };
}

async function timed(check: () => Promise<unknown>, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check(), late]);
    return { status: "up", latency_ms: Math.round((performance.now() - started) * 100) / 100 };
  } catch (err) {
    return { status: "down", error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether this instance should get traffic: the database and Redis (when configured) answer, and it is not stopping. */
export async function checkReadiness(
  deps: { database: DbHandle; store: KeyValueStore },
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    timed(() => deps.database.db.execute(sql`select 1`), timeoutMs),
    deps.store.kind === "redis" ? timed(() => deps.store.ping(), timeoutMs) : Promise.resolve(undefined),
  ]);
  const shuttingDown = isShuttingDown();
  const failed = [
    ...(database.status === "down" ? ["database"] : []),
    ...(redis?.status === "down" ? ["redis"] : []),
    ...(shuttingDown ? ["shutting down"] : []),
  ];
  const ready = failed.length === 0;
  return {
    ready,
    failed,
    report: {
      status: ready ? "ready" : "not_ready",
      shutting_down: shuttingDown,
      database: { ...database, driver: deps.database.driver },
      ...(redis ? { redis } : {}),
    },
  };
}
