import { lt } from "drizzle-orm";
import { analyticsEvents } from "../../db/schema";
import type { Db } from "../../db/types";
import { deleteInBatches } from "../retention/delete-in-batches";

const DAY_MS = 24 * 3600_000;

/**
 * Deletes raw events received more than `retentionDays` before `now`, `batch` rows per statement (short locks,
 * short transactions), at most `maxBatches` statements per call (the next run goes on). The roll-ups stay.
 * Returns how many were deleted.
 */
export async function deleteExpiredEvents(
  db: Db,
  retentionDays: number,
  { now = new Date(), batch = 5000, maxBatches = 100 }: { now?: Date; batch?: number; maxBatches?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches(db, analyticsEvents, lt(analyticsEvents.receivedAt, cutoff)!, { batch, maxBatches });
}
