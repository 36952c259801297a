import { AppError } from "../../errors";
import type { KeyValueStore } from "../limits/key-value-store";
import type { EventWriter } from "./event-writer";
import { sanitizeEvent, type CollectedEvent } from "./sanitize-event";
import { decodeSdkPayload, type SdkParams } from "./sdk-payload";

const WINDOW_MS = 60_000;

export interface CollectDeps {
  store: KeyValueStore;
  writer: EventWriter;
  /** ANALYTICS_RATE_LIMIT_PER_MINUTE. */
  eventsPerMinute: number;
}

export type CollectOutcome =
  | { outcome: "queued"; accepted: number; rejected: number }
  /** The address spent its events for this minute: nothing was kept. */
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  /** The writer's queue is full: nothing was kept. */
  | { outcome: "queue-full"; rejected: number };

/**
 * One collector request: decodes the SDK's payload, validates and caps each event (invalid ones are dropped and
 * counted as rejected), counts the events against the address's per-minute budget (a request that brings none,
 * a refused one included, counts as one), and queues them for the writer. A payload that cannot be decoded is
 * an AppError (400/413), thrown after it was counted.
 */
export async function collectEvents(
  deps: CollectDeps,
  input: { params: SdkParams; clientIp: string; receivedAt?: number },
): Promise<CollectOutcome> {
  const receivedAt = input.receivedAt ?? Date.now();
  let raw: unknown[] = [];
  let refused: AppError | null = null;
  try {
    raw = decodeSdkPayload(input.params);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    refused = err;
  }
  const events: CollectedEvent[] = [];
  for (const item of raw) {
    const event = sanitizeEvent(item, receivedAt);
    if (event) events.push(event);
  }
  const rejected = raw.length - events.length;

  const { count, resetMs } = await deps.store.hit(`analytics:${input.clientIp}`, WINDOW_MS, Math.max(1, events.length));
  if (count > deps.eventsPerMinute) return { outcome: "rate-limited", retryAfterSeconds: Math.ceil(resetMs / 1000) };
  if (refused) throw refused;
  if (!deps.writer.enqueue(events)) return { outcome: "queue-full", rejected };
  return { outcome: "queued", accepted: events.length, rejected };
}
