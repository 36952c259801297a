import { isDatabaseUnavailable } from "../../db/database-errors";
import type { DbHandle } from "../../db/types";
import type { Logger } from "../../logger";
import { insertRows, rowBytes, type EventRow } from "./insert-events";
import type { TableSizeCap } from "./table-size";
import { throttledLog } from "./throttled-log";

export interface EventWriterOptions {
  /** Queued events are written at least this often (the read API sees them within about this long). */
  flushEveryMs?: number;
  /** Events per INSERT; a full batch is written at once, without waiting for the timer. */
  batchSize?: number;
  /** Events the queue holds at most; past it new ones are refused (and counted), never waited for. */
  maxQueued?: number;
  /** INSERTs under way at once (1 on PGlite, which runs one statement at a time in this thread anyway). */
  maxInFlight?: number;
  /** The table's size cap (ANALYTICS_MAX_TABLE_MB); the writer stops it on close. Unset: no cap. */
  tableCap?: TableSizeCap;
}

export interface EventWriterStats {
  queued: number;
  written: number;
  /** Refused because the queue was full. */
  dropped: number;
  /** Lost to a failed INSERT (not the database being away: those are queued again). */
  failed: number;
  /** Dropped because the table had reached its size cap. */
  capped: number;
  /** Dropped by the collector: past their address's daily byte budget (countOverBudget). */
  overBudget: number;
}

/** What became of the events given to enqueue: all queued, or none (the queue is full, or the table). */
export type EnqueueOutcome = "queued" | "queue-full" | "table-full";

/** The collector's buffer between the endpoint and the database. */
export interface EventWriter {
  /**
   * Queues the events, all or none: "queue-full" (counted as dropped) when the queue has no room for all of them,
   * "table-full" (counted as capped) when the table has reached its size cap.
   */
  enqueue(events: readonly EventRow[]): EnqueueOutcome;
  /** Counts (and logs, throttled) events the collector dropped as past their address's daily byte budget. */
  countOverBudget(events: number): void;
  /** Writes what is queued now and waits for it (returns early while the database is unavailable). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (shutdown). */
  close(): Promise<void>;
  stats(): EventWriterStats;
}

/** Postgres: up to 4 INSERTs under way (of a pool of 10) kept it ahead of 50 senders on 2 cores (bench/README.md). */
const DEFAULTS = { flushEveryMs: 500, batchSize: 1000, maxQueued: 50_000, maxInFlight: 4 };
/** PGlite runs in this thread: an INSERT of 1,000 events held it ~20 ms, one of 250 ~6 ms (the same per event). */
const PGLITE_DEFAULTS = { ...DEFAULTS, batchSize: 250, maxInFlight: 1 };

/**
 * A bounded in-process queue written by multi-row INSERTs (insert-events.ts), every `flushEveryMs` or as soon as
 * `batchSize` events wait. Requests never wait for the database: a full queue refuses the request's events (the
 * SDK keeps a refused batch and sends it again). When the database is unavailable a batch goes back to the queue
 * (up to its bound); any other failure drops the batch with a throttled error, so one bad row cannot block the rest.
 * With a `tableCap` (table-size.ts), a table at its cap takes no more events: they are counted and logged, dropped.
 */
export function createEventWriter(database: DbHandle, logger: Logger, options: EventWriterOptions = {}): EventWriter {
  const { flushEveryMs, batchSize, maxQueued, maxInFlight, tableCap } = {
    ...(database.driver === "pglite" ? PGLITE_DEFAULTS : DEFAULTS),
    ...options,
  };
  const { db } = database;
  let queue: EventRow[] = [];
  const inFlight = new Set<Promise<void>>();
  const counts = { written: 0, dropped: 0, failed: 0, capped: 0, overBudget: 0 };
  let closed = false;
  const warnDropped = throttledLog(logger, "warn", "analytics queue full: events refused");
  const reportFailed = throttledLog(logger, "error", "analytics events could not be written and were dropped");
  const warnCapped = throttledLog(
    logger,
    "warn",
    "analytics table at its size cap (ANALYTICS_MAX_TABLE_MB): events dropped",
  );
  const warnOverBudget = throttledLog(
    logger,
    "warn",
    "analytics events past an address's daily budget (ANALYTICS_DAILY_KB_PER_ADDRESS) dropped",
  );

  const take = (): EventRow[] => {
    if (queue.length <= batchSize) {
      const all = queue;
      queue = [];
      return all;
    }
    return queue.splice(0, batchSize);
  };

  const write = async (batch: EventRow[]) => {
    try {
      await insertRows(db, batch);
      counts.written += batch.length;
      tableCap?.grew(batch.reduce((sum, row) => sum + rowBytes(row), 0));
    } catch (err) {
      if (isDatabaseUnavailable(err) && !closed) {
        const room = maxQueued - queue.length;
        queue = [...batch.slice(0, Math.max(0, room)), ...queue];
        if (room < batch.length) warnDropped(batch.length - room);
        counts.dropped += Math.max(0, batch.length - room);
        return;
      }
      counts.failed += batch.length;
      reportFailed(batch.length, { error: err instanceof Error ? err.message : String(err) });
    }
  };

  const start = (fullBatchesOnly: boolean) => {
    while (queue.length > 0 && inFlight.size < maxInFlight && (!fullBatchesOnly || queue.length >= batchSize)) {
      const running: Promise<void> = write(take()).finally(() => {
        inFlight.delete(running);
        start(true);
      });
      inFlight.add(running);
    }
  };

  const timer = setInterval(() => start(false), flushEveryMs);
  timer.unref();

  const flush = async () => {
    for (;;) {
      start(false);
      if (inFlight.size === 0) return;
      const before = counts.written + counts.failed + counts.dropped;
      await Promise.all([...inFlight]);
      // Nothing written: the database is away and the batch is queued again; the timer keeps trying.
      if (counts.written + counts.failed + counts.dropped === before) return;
    }
  };

  return {
    enqueue(events) {
      if (events.length === 0) return "queued";
      if (tableCap && !tableCap.hasRoom()) {
        counts.capped += events.length;
        warnCapped(events.length);
        return "table-full";
      }
      if (closed || queue.length + events.length > maxQueued) {
        counts.dropped += events.length;
        warnDropped(events.length, { queued: queue.length });
        return "queue-full";
      }
      for (const event of events) queue.push(event);
      if (queue.length >= batchSize) start(true);
      return "queued";
    },
    countOverBudget(events) {
      counts.overBudget += events;
      warnOverBudget(events);
    },
    flush,
    async close() {
      clearInterval(timer);
      tableCap?.stop();
      closed = true;
      await flush();
    },
    stats: () => ({ queued: queue.length, ...counts }),
  };
}
