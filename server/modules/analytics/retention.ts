import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/types";

const DAY_MS = 24 * 3600_000;
const deletedAnswer = z.object({ rows: z.array(z.object({ deleted: z.coerce.number() })) });

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
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const [row] = deletedAnswer.parse(
      await db.execute(sql`
        with gone as (
          delete from analytics_events where id in (
            select id from analytics_events where received_at < ${cutoff} order by received_at limit ${batch}
          )
          returning 1
        )
        select count(*) as deleted from gone`),
    ).rows;
    const deleted = row?.deleted ?? 0;
    total += deleted;
    if (deleted < batch) break;
  }
  return total;
}
