import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppError } from "../errors";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(c: Context, data: T): Response {
  return c.json({ code: 0, msg: "success", data } satisfies Envelope<T>);
}

/** The error's envelope; a 503 that names its retry_after says it in Retry-After too. */
export function fail(c: Context, err: AppError): Response {
  const retryAfter = (err.data as { retry_after?: unknown } | null)?.retry_after;
  if (err.status === 503 && typeof retryAfter === "number") c.header("retry-after", String(retryAfter));
  return c.json(
    { code: err.code, msg: err.message, data: err.data } satisfies Envelope<unknown>,
    err.status as ContentfulStatusCode,
  );
}
