import type { Logger } from "../../logger";

/** Warnings about dropped events come at most this often, with the counts since the last one. */
const EVERY_MS = 10_000;

/** A log line about `events` that is written at most every 10 s, with the events counted since the last one. */
export function throttledLog(logger: Logger, level: "warn" | "error", msg: string) {
  let last = -Infinity;
  let count = 0;
  return (events: number, fields: Record<string, unknown> = {}) => {
    count += events;
    const now = performance.now();
    if (now - last < EVERY_MS) return;
    last = now;
    logger[level](msg, { events: count, ...fields });
    count = 0;
  };
}
