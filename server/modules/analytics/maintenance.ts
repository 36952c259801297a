import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import { rollUpFinishedDays } from "./daily-rollup";
import { deleteExpiredEvents } from "./retention";

const EVERY_MS = 10 * 60_000;

/** Rolls up the finished days, then deletes raw events past retention (only after a roll-up that did not fail). */
export async function runAnalyticsMaintenance(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<{ rolledUp: string[]; deleted: number }> {
  const rolledUp = await rollUpFinishedDays(db, now);
  const deleted = await deleteExpiredEvents(db, retentionDays, { now });
  return { rolledUp, deleted };
}

/** Runs the analytics maintenance now and every 10 minutes until the returned stop() is called. */
export function scheduleAnalyticsMaintenance(db: Db, retentionDays: number, logger: Logger): () => void {
  const run = () =>
    runAnalyticsMaintenance(db, retentionDays)
      .then(({ rolledUp, deleted }) => {
        if (rolledUp.length > 0 || deleted > 0) logger.info("analytics rolled up", { days: rolledUp, deleted });
      })
      .catch((err: unknown) =>
        logger.error("analytics roll-up or retention failed", {
          error: err instanceof Error ? err.message : String(err),
        }),
      );
  void run();
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
