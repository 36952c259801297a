import { isDatabaseUnavailable } from "./database-errors";

export interface RetryOptions {
  /** Give up once the next attempt would start later than this after the first one. */
  budgetMs: number;
  /** The first wait; each later one doubles, up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Which errors are worth another attempt (default: isDatabaseUnavailable). */
  isUnavailable?: (err: unknown) => boolean;
  /** Told about each failed attempt that will be tried again. */
  onRetry?: (err: unknown, attempt: number, delayMs: number) => void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs fn, and runs it again with a growing pause while it fails because the database (or what isUnavailable
 * names) is unavailable (see isDatabaseUnavailable), within budgetMs. Any other error, or the last unavailable one, is thrown. fn must be
 * safe to run again: a statement on a lost connection may or may not have been committed.
 */
export async function retryWhileUnavailable<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const started = Date.now();
  let delay = options.firstDelayMs ?? 100;
  const unavailable = options.isUnavailable ?? isDatabaseUnavailable;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!unavailable(err) || Date.now() + delay - started > options.budgetMs) throw err;
      options.onRetry?.(err, attempt, delay);
      await wait(delay);
      delay = Math.min(delay * 2, options.maxDelayMs ?? 2000);
    }
  }
}
