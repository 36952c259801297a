/** Retry policy: which failures are retried, and how long to wait between attempts. */

/** HTTP statuses worth another attempt (SPEC §7). */
const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Total attempts, the first included. */
export const MAX_ATTEMPTS = 3;
/** Delay before the second attempt; each later one is RETRY_FACTOR times longer (300 ms, 900 ms). */
const RETRY_BASE_DELAY_MS = 300;
const RETRY_FACTOR = 3;
/** Jitter: the delay is scaled by a random factor in [1 - JITTER, 1 + JITTER). */
const RETRY_JITTER = 0.2;
/**
 * The longest Retry-After the client waits out. A server asking for longer (a per-user limit's minutes) gets no
 * retry: the refusal is answered at once, rather than after a wait that ends in the same refusal.
 */
export const MAX_RETRY_AFTER_MS = 10_000;

/** Only requests that are safe to repeat are retried: GET and HEAD. */
export function isRetryableRequest(method: string): boolean {
  const m = method.toUpperCase();
  return m === "GET" || m === "HEAD";
}

export function isRetryableStatus(status: number): boolean {
  return RETRY_STATUSES.has(status);
}

/** Backoff after the given failed attempt (1-based), with jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = RETRY_BASE_DELAY_MS * RETRY_FACTOR ** Math.max(0, attempt - 1);
  return Math.round(base * (1 - RETRY_JITTER + 2 * RETRY_JITTER * random()));
}

/** Retry-After (delta seconds or HTTP date) in ms; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (trimmed === "") return null;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    ms = Number(trimmed) * 1000;
  } else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return null;
    ms = at - now;
  }
  return Math.max(0, Math.round(ms));
}

/**
 * Wait before the next attempt: the server's Retry-After when given, else the backoff; null when the server asks
 * for more than MAX_RETRY_AFTER_MS (no retry).
 */
export function retryDelay(
  attempt: number,
  retryAfter: string | null | undefined,
  random: () => number = Math.random,
): number | null {
  const asked = parseRetryAfter(retryAfter);
  if (asked === null) return backoffDelay(attempt, random);
  return asked > MAX_RETRY_AFTER_MS ? null : asked;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** setTimeout as a promise; rejects with the signal's reason when aborted. */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
