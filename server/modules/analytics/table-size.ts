import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";

/** How often the table's size is read from the database; between reads, what was written is added to it. */
const READ_EVERY_MS = 60_000;
const sizeAnswer = z.object({ rows: z.array(z.object({ bytes: z.coerce.number() })) });

/** The analytics table's size on disk, against a cap, without a query per request. */
export interface TableSizeCap {
  /** False once the table (by its last read, plus what was written since) has reached the cap. */
  hasRoom(): boolean;
  /** Counts bytes just written, until the next read replaces the estimate. */
  grew(bytes: number): void;
  /** Reads the size now (the timer does it every minute). */
  refresh(): Promise<void>;
  stop(): void;
}

/** analytics_events' size on disk: heap, TOAST and indexes (a file-size lookup, cheap on both drivers). */
export async function readTableBytes(db: Db): Promise<number> {
  const [row] = sizeAnswer.parse(
    await db.execute(sql`select pg_total_relation_size('analytics_events') as bytes`),
  ).rows;
  return row?.bytes ?? 0;
}

/**
 * Reads the table's size (readTableBytes) now and every minute, and adds what the writer stores in between, so
 * the cap holds within a minute of floods too. Several instances each read it. A failed read keeps the last figure.
 */
export function watchTableSize(db: Db, maxBytes: number, logger: Logger): TableSizeCap {
  let bytes = 0;
  let stopped = false;
  const read = async () => {
    try {
      bytes = await readTableBytes(db);
    } catch (err) {
      if (!stopped) {
        logger.warn("analytics table size not read", { error: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  void read();
  const timer = setInterval(() => void read(), READ_EVERY_MS);
  timer.unref();
  return {
    hasRoom: () => bytes < maxBytes,
    grew(written) {
      bytes += written;
    },
    refresh: read,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
