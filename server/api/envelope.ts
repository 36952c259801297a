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

export function fail(c: Context, err: AppError): Response {
  return c.json(
    { code: err.code, msg: err.message, data: err.data } satisfies Envelope<unknown>,
    err.status as ContentfulStatusCode,
  );
}
