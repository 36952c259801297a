import cluster from "node:cluster";
import { z } from "zod";

/** Set by the primary on each worker it forks: which of the WEB_CONCURRENCY places the worker fills (0…N-1). */
export const WORKER_SLOT_ENV = "KEWL_WORKER_SLOT";

const slotSchema = z.coerce.number().int().min(0);

/** This worker's slot, or null in a process the primary did not fork (WEB_CONCURRENCY=1). */
export function workerSlot(env: Record<string, string | undefined> = process.env): number | null {
  if (!cluster.isWorker) return null;
  const parsed = slotSchema.safeParse(env[WORKER_SLOT_ENV]);
  if (!parsed.success) throw new Error(`${WORKER_SLOT_ENV} must be the worker's slot number (set by the primary)`);
  return parsed.data;
}

/**
 * The timed jobs (interrupted-reply sweep, analytics roll-ups and retention, the sandbox's renewals, the local
 * disk's upload sweep) run in one process: the single process, or the worker in slot 0 (its replacement takes
 * them over). Each job is also safe when several instances run it (locks and conditional updates), so separate
 * machines need no coordination; one per machine just avoids doing the work N times.
 */
export function runsTimedJobs(slot: number | null): boolean {
  return slot === null || slot === 0;
}
