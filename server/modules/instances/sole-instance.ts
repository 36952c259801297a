import { and, gt, ne, sql } from "drizzle-orm";
import { serverInstances } from "../../db/schema";
import type { Db } from "../../db/types";
import { processInstanceId } from "./process-instance";

/** How long an answer is reused: a Redis outage asks once per lease otherwise. */
const CACHE_MS = 1000;

/**
 * Whether this is the only server process alive on the database (no other server_instances row is live): then a
 * lease kept in this process's memory holds for the whole site, and a Redis outage need not refuse replies.
 */
export function soleLiveInstance(db: Db): () => Promise<boolean> {
  let cached: { at: number; sole: Promise<boolean> } | null = null;
  return () => {
    const now = Date.now();
    if (cached && now - cached.at < CACHE_MS) return cached.sole;
    const sole = db
      .select({ id: serverInstances.id })
      .from(serverInstances)
      .where(and(ne(serverInstances.id, processInstanceId()), gt(serverInstances.aliveUntil, sql`now()`)))
      .limit(1)
      .then((rows) => rows.length === 0)
      .catch(() => false);
    cached = { at: now, sole };
    return sole;
  };
}
