import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/server/db/database-errors";
import { createPostgresPool } from "@/server/db/postgres-pool";

/**
 * A pool whose connections are all busy is a healthy server with a queue: a request waits for a free connection up
 * to the queue timeout, not the (shorter) connect timeout. Needs TEST_DATABASE_URL; without it, reported skipped.
 */
const url = process.env.TEST_DATABASE_URL;
const title = url ? "a busy Postgres pool" : "a busy Postgres pool (skipped: TEST_DATABASE_URL is not set)";

function onePool(queueTimeoutMillis: number) {
  return createPostgresPool({
    connectionString: url ?? "",
    max: 1,
    connectionTimeoutMillis: 100,
    queueTimeoutMillis,
    options: "",
    onConnectionError: () => undefined,
  });
}

describe.skipIf(!url)(title, () => {
  it("answers a query that waited for the only connection longer than the connect timeout", async () => {
    const pool = onePool(30_000);
    try {
      // The server holds the only connection for 0.6 s, six times the connect timeout; the second query queues.
      const busy = pool.query("select pg_sleep(0.6)");
      const queued = pool.query<{ answer: number }>("select 42 as answer");
      await busy;
      expect((await queued).rows).toEqual([{ answer: 42 }]);
    } finally {
      await pool.end();
    }
  });

  it("fails a query as unavailable once it has waited out the queue timeout", async () => {
    const pool = onePool(200);
    const held = await pool.connect();
    try {
      const queued = await pool.query("select 1").then(
        () => null,
        (err: unknown) => err,
      );
      expect(queued).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(queued)).toBe(true);
    } finally {
      held.release();
      await pool.end();
    }
  });
});
