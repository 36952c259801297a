/**
 * Which errors mean "the database is unavailable right now" (a lost or refused connection, a server shutting
 * down or starting up), as opposed to a bad statement or a bug. Those answer 503 with Retry-After, and writes
 * that must not be lost are retried on them.
 */

/** SQLSTATEs: class 08 (connection exception), 57P01-57P03 (shutdown, crash, not yet accepting), 53300 (too many). */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;

/** node-postgres and pg-pool report a dead or unreachable server with these messages and no code. */
const UNAVAILABLE_MESSAGES = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Connection terminated due to connection timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
  // The client's own connect timeout (postgres-pool.ts gives each new connection DATABASE_CONNECT_TIMEOUT_MS).
  "timeout expired",
  "Cannot use a pool after calling end on the pool",
]);

/** Node's socket and DNS errors (Redis's client reports the same ones, open-redis.ts). */
export const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
]);

function unavailableHere(err: object): boolean {
  const code = "code" in err && typeof err.code === "string" ? err.code : undefined;
  if (code && (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code))) return true;
  return err instanceof Error && UNAVAILABLE_MESSAGES.has(err.message);
}

/**
 * True when err, or what it wraps (drizzle's "Failed query" keeps the driver's error as `cause`; a refused
 * connection to a host with several addresses is an AggregateError), says the database cannot be reached.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== "object" || err === null || depth > 5) return false;
  if (unavailableHere(err)) return true;
  if (err instanceof AggregateError && err.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return "cause" in err && isDatabaseUnavailable(err.cause, depth + 1);
}

/** The driver's message, without drizzle's "Failed query: <sql> params: <values>" wrapper (values can be user text). */
export function databaseErrorMessage(err: unknown): string {
  if (err instanceof Error && err.cause instanceof Error) return err.cause.message;
  return err instanceof Error ? err.message : String(err);
}
