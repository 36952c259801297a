import type { Context } from "hono";
import { databaseErrorMessage } from "../db/database-errors";
import { errors } from "../errors";
import type { Logger } from "../logger";
import type { ApiEnv } from "./context";
import { fail } from "./envelope";

/** What a 503 for a lost or refused database connection asks clients to wait (the pool reconnects at once). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The envelope for a request that failed because the database is unavailable: 503 with Retry-After. */
export function databaseUnavailable(c: Context<ApiEnv>, logger: Logger, err: unknown): Response {
  logger.warn("database unavailable", {
    reqId: c.get("requestId"),
    path: c.req.path,
    error: databaseErrorMessage(err),
  });
  c.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
  return fail(c, errors.unavailable("The service is briefly unavailable. Please try again in a moment."));
}
