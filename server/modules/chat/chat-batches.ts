import type { StatementBatchOptions } from "../../db/statement-batches";

/**
 * The chat's batches (a new reply's context read and its turn): two at once, each up to 100 requests, answered ten
 * at a time. With 1,000 replies sent at once on Postgres, first token p95 1.65 → 0.68 s and Postgres's CPU per reply
 * 0.7 → 0.2 ms; one, two or four at once were within the runs' noise. Answered all at once, the event loop's delay
 * p99 was 53 ms (over the goal of 50); ten at a time 34-39 ms, one at a time 13 ms but first token p95 0.9-1.1 s.
 * On PGlite (200 at once, with 8 listening handles) the turn's wait for its fellows took first token p95 from
 * 0.66 to 0.23-0.26 s (bench/README.md, "Issue 16, fourteenth session").
 */
export const CHAT_BATCHES = { inFlight: 2, maxBatch: 100, settleAtOnce: 10 } satisfies StatementBatchOptions<unknown>;
