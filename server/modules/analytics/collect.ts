import { AppError } from "../../errors";
import type { KeyValueStore } from "../limits/key-value-store";
import type { EventWriter } from "./event-writer";
import { oneAtATime } from "./one-at-a-time";
import { eventRow, rowBytes, type EventRow } from "./insert-events";
import { sanitizeEvent } from "./sanitize-event";
import { decodeSdkPayload, sdkParamsFromForm, type SdkParams } from "./sdk-payload";

const WINDOW_MS = 60_000;
const DAY_MS = 24 * 3600_000;
const turn = oneAtATime();

/** Where the SDK's fields are: the query's (GET), or a form body (POST, beacon) still to parse. */
export type SdkPayload = { query: SdkParams } | { form: string };

/** The request's events, validated; what was dropped; or why the whole payload was refused (thrown later). */
function decode(payload: SdkPayload, receivedAt: number) {
  let raw: unknown[] = [];
  let refused: AppError | null = null;
  try {
    raw = decodeSdkPayload("form" in payload ? sdkParamsFromForm(payload.form) : payload.query);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    refused = err;
  }
  // Serialised here, a request at a time, rather than all at once when the writer's batch goes.
  const rows: EventRow[] = [];
  for (const item of raw) {
    const event = sanitizeEvent(item, receivedAt);
    if (event) rows.push(eventRow(event));
  }
  return { rows, rejected: raw.length - rows.length, refused };
}

export interface CollectDeps {
  store: KeyValueStore;
  writer: EventWriter;
  /** ANALYTICS_RATE_LIMIT_PER_MINUTE. */
  eventsPerMinute: number;
  /** ANALYTICS_DAILY_KB_PER_ADDRESS, in bytes of stored events. */
  bytesPerDay: number;
}

export type CollectOutcome =
  /** `dropped`: valid events not kept, past the address's daily byte budget or the table's size cap. */
  | { outcome: "queued"; accepted: number; rejected: number; dropped: number }
  /** The address spent its events for this minute: nothing was kept. */
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  /** The writer's queue is full: nothing was kept. */
  | { outcome: "queue-full"; rejected: number };

/** The first rows whose stored size fits in `room` bytes. */
function rowsWithin(rows: EventRow[], room: number): EventRow[] {
  let size = 0;
  let count = 0;
  for (const row of rows) {
    const bytes = rowBytes(row);
    if (size + bytes > room) break;
    size += bytes;
    count++;
  }
  return rows.slice(0, count);
}

/**
 * Spends the rows' bytes (their stored JSON) of the address's daily budget; the rows that fit in what was left.
 * Past the budget events are dropped but the request answered as a success: a 4xx or 429 would have the SDK keep
 * sending them for the rest of the day.
 */
async function withinDailyBudget(deps: CollectDeps, clientIp: string, rows: EventRow[]): Promise<EventRow[]> {
  const bytes = rows.reduce((sum, row) => sum + rowBytes(row), 0);
  if (bytes === 0) return rows;
  const { count } = await deps.store.hit(`analytics-bytes:${clientIp}`, DAY_MS, bytes);
  return count <= deps.bytesPerDay ? rows : rowsWithin(rows, deps.bytesPerDay - (count - bytes));
}

/**
 * One collector request: decodes the SDK's payload and validates and caps each event (invalid ones are dropped and
 * counted as rejected), one request at a time in a loop turn of its own (one-at-a-time.ts); counts the events
 * against the address's per-minute budget (a request that brings none, a refused one included, counts as one)
 * and their bytes against its daily one; and queues them for the writer. A payload that cannot be decoded is an
 * AppError (400/413), thrown after it was counted.
 */
export async function collectEvents(
  deps: CollectDeps,
  input: { payload: SdkPayload; clientIp: string; receivedAt?: number },
): Promise<CollectOutcome> {
  const { rows, rejected, refused } = await turn(() => decode(input.payload, input.receivedAt ?? Date.now()));
  const { count, resetMs } = await deps.store.hit(`analytics:${input.clientIp}`, WINDOW_MS, Math.max(1, rows.length));
  if (count > deps.eventsPerMinute) return { outcome: "rate-limited", retryAfterSeconds: Math.ceil(resetMs / 1000) };
  if (refused) throw refused;
  const kept = await withinDailyBudget(deps, input.clientIp, rows);
  if (kept.length < rows.length) deps.writer.countOverBudget(rows.length - kept.length);
  const queued = deps.writer.enqueue(kept);
  if (queued === "queue-full") return { outcome: "queue-full", rejected };
  const accepted = queued === "queued" ? kept.length : 0;
  return { outcome: "queued", accepted, rejected, dropped: rows.length - accepted };
}
