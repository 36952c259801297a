import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../errors";
import type { ApiEnv } from "./context";

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  const path = issue.code === "unrecognized_keys" ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path;
  const field = path.length ? path.join(".") : "body";
  return `Invalid field '${field}': ${issue.message}`;
}

/** Validates the parsed JSON body; a 400 names the first bad field. */
export function readBody<S extends z.ZodType, E extends ApiEnv>(c: Context<E>, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.get("body") ?? {});
  if (!parsed.success) throw new AppError(400, 400, describe(parsed.error));
  return parsed.data;
}

export function readQuery<S extends z.ZodType, E extends ApiEnv>(c: Context<E>, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.get("query"));
  if (!parsed.success) throw new AppError(400, 400, describe(parsed.error));
  return parsed.data;
}
