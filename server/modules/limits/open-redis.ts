import type { Redis, RedisOptions } from "ioredis";
import { NETWORK_CODES } from "../../db/database-errors";
import { retryWhileUnavailable } from "../../db/retry-while-unavailable";

/** A command Redis has not answered in this time fails (and the caller falls back), so nothing waits on a hung server. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

export interface OpenRedisOptions {
  /** ioredis options over the defaults here (no offline queue, the command timeout). */
  client?: RedisOptions;
  /** How long start-up keeps trying while Redis is unreachable (default 30000 ms, as the database's). */
  startRetryMs?: number;
  /** Start-up could not reach Redis and will try again. */
  onStartRetry?: (err: unknown, attempt: number) => void;
  /** Each error the client reports (every failed reconnect included). */
  onError?: (err: Error) => void;
}

/** What ioredis rejects a command with while it has no connection, or when Redis does not answer in time. */
const CLIENT_MESSAGES = [
  "Connection is closed.",
  "Stream isn't writeable",
  "Command timed out",
  "Reached the max retries per request limit",
  "connect ETIMEDOUT",
];
/** Redis's own "not now" replies: loading its data, a replica after failover, a busy script. */
const TRANSIENT_REPLY = /^(LOADING|BUSY|MASTERDOWN|READONLY|TRYAGAIN|CLUSTERDOWN)\b/;

/** True when err says Redis cannot be reached or does not answer now, as opposed to a bad command. */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === "ReplyError") return TRANSIENT_REPLY.test(err.message);
  const code = (err as NodeJS.ErrnoException).code;
  if (code && NETWORK_CODES.has(code)) return true;
  return CLIENT_MESSAGES.some((m) => err.message.startsWith(m));
}

/** The URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable)";
  }
}

/**
 * A connected ioredis client. Start-up tries again with a growing pause while Redis is unreachable, as the
 * database's does (retry-while-unavailable.ts), then fails naming REDIS_URL. The client always has an 'error'
 * listener: without one ioredis prints "[ioredis] Unhandled error event" for every failed reconnect.
 */
export async function openRedis(url: string, options: OpenRedisOptions = {}): Promise<Redis> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    ...options.client,
  });
  let lastError: Error | undefined;
  client.on("error", (err: Error) => {
    lastError = err;
    options.onError?.(err);
  });
  const attempt = async () => {
    lastError = undefined;
    try {
      await client.connect();
    } catch (err) {
      // After a failed connect() ioredis keeps reconnecting on its own; stop it, the next attempt starts afresh.
      client.disconnect();
      throw lastError ?? err;
    }
  };
  try {
    await retryWhileUnavailable(attempt, {
      budgetMs: options.startRetryMs ?? 30_000,
      firstDelayMs: 250,
      isUnavailable: isRedisUnavailable,
      onRetry: (err, n) => options.onStartRetry?.(err, n),
    });
  } catch (err) {
    client.disconnect();
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`Redis at REDIS_URL (${redactRedisUrl(url)}) cannot be reached: ${why}`, { cause: err });
  }
  return client;
}
