import { eq, ne, sql } from "drizzle-orm";
import { databaseErrorMessage } from "../../db/database-errors";
import { serverInstances } from "../../db/schema";
import type { DbHandle } from "../../db/types";
import type { Logger } from "../../logger";
import { processInstanceId } from "./process-instance";

export interface InstanceHeartbeat {
  /** Stops renewing and removes this process's row: what it still relays is settled by the others at once. */
  stop(): Promise<void>;
}

/**
 * Keeps this process's server_instances row alive for `aliveMs` past each renewal, renewed every quarter of it, so
 * replies left `streaming` by a process whose row has lapsed are known to be cut (interrupted-replies.ts). The
 * database's clock times every row, so instances with different clocks agree. A PGlite data folder belongs to one
 * process: the rows of earlier runs are dropped at once.
 */
export async function startInstanceHeartbeat(
  database: DbHandle,
  logger: Logger,
  options: { aliveMs: number },
): Promise<InstanceHeartbeat> {
  const { db } = database;
  const id = processInstanceId();
  const aliveUntil = sql`now() + ${`${options.aliveMs} milliseconds`}::interval`;
  if (database.driver === "pglite") await db.delete(serverInstances).where(ne(serverInstances.id, id));
  await db
    .insert(serverInstances)
    .values({ id, aliveUntil })
    .onConflictDoUpdate({ target: serverInstances.id, set: { aliveUntil } });
  let failing = false;
  let renewing: Promise<void> | null = null;
  const renew = async () => {
    try {
      await db.update(serverInstances).set({ aliveUntil }).where(eq(serverInstances.id, id));
      if (failing) logger.info("instance heartbeat restored");
      failing = false;
    } catch (err) {
      if (!failing) logger.warn("instance heartbeat failed", { error: databaseErrorMessage(err) });
      failing = true;
    }
  };
  // One renewal at a time: a slow database skips ticks rather than queueing them.
  const timer = setInterval(
    () => {
      renewing ??= renew().finally(() => (renewing = null));
    },
    Math.max(250, Math.floor(options.aliveMs / 4)),
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
      await db
        .delete(serverInstances)
        .where(eq(serverInstances.id, id))
        .catch((err: unknown) => logger.warn("instance row not removed", { error: databaseErrorMessage(err) }));
    },
  };
}
