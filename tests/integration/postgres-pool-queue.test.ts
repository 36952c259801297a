import { afterEach, describe, expect, it, vi } from "vitest";
import { isDatabaseUnavailable } from "@/server/db/database-errors";
import { createPostgresPool } from "@/server/db/postgres-pool";

/**
 * A pool whose connections are all busy is a healthy server with a queue: a request waits for a free connection up
 * to the queue timeout, not the (shorter) connect timeout. The pool's timers run on a fake clock, so the waits
 * are told apart without waiting. Needs TEST_DATABASE_URL; without it, reported skipped.
 */
const url = process.env.TEST_DATABASE_URL;
const title = url ? "a busy Postgres pool" : "a busy Postgres pool (skipped: TEST_DATABASE_URL is not set)";

const CONNECT_TIMEOUT_MS = 100;

function onePool(queueTimeoutMillis: number) {
  return createPostgresPool({
    connectionString: url ?? "",
    max: 1,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    queueTimeoutMillis,
    options: "",
    onConnectionError: () => undefined,
  });
}

/** The error a promise rejects with, or null when it resolves. */
const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );

describe.skipIf(!url)(title, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers a query that waited for the only connection far longer than the connect timeout", async () => {
    const pool = onePool(30_000);
    // Connected on the real clock; only the queue's wait runs on the fake one.
    const held = await pool.connect();
    try {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const queued = pool.query<{ answer: number }>("select 42 as answer");
      const outcome = failureOf(queued);
      await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS * 10);
      held.release();
      expect(await outcome).toBeNull();
      expect((await queued).rows).toEqual([{ answer: 42 }]);
    } finally {
      vi.useRealTimers();
      await pool.end();
    }
  });

  it("fails a query as unavailable once it has waited out the queue timeout", async () => {
    const pool = onePool(1_000);
    const held = await pool.connect();
    try {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const outcome = failureOf(pool.query("select 1"));
      await vi.advanceTimersByTimeAsync(1_000);
      const failed = await outcome;
      expect(failed).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failed)).toBe(true);
    } finally {
      vi.useRealTimers();
      held.release();
      await pool.end();
    }
  });
});
