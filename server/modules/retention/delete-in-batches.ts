import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/types";

const deletedAnswer = z.object({ rows: z.array(z.object({ deleted: z.coerce.number() })) });

export interface BatchLimits {
  /** Rows per statement: each statement is its own short transaction, so a backlog never holds a long lock. */
  batch?: number;
  /** Statements per call at most; what is left waits for the next run. */
  maxBatches?: number;
}

/**
 * Deletes the rows of `table` that match `where`, `batch` rows per statement (picked by the primary key `id`),
 * until fewer than a batch are left or `maxBatches` statements ran. Returns how many were deleted.
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  where: SQL,
  { batch = 1000, maxBatches = 50 }: BatchLimits = {},
): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const [row] = deletedAnswer.parse(
      await db.execute(sql`
        with gone as (
          delete from ${table} where id in (select id from ${table} where ${where} limit ${batch})
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
