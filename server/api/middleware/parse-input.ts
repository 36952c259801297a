import { IncomingMessage } from "node:http";
import type { MiddlewareHandler } from "hono";
import { SIGNATURE_FIELDS } from "../../../lib/api/signature";
import { AppError, errors } from "../../errors";
import { BodyAbortedError, readBodyWithin } from "../../http/read-limited-body";
import type { ApiEnv } from "../context";
import { assertCleanInput } from "./input-text";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
const SIGNATURE_FIELD_SET = new Set<string>(SIGNATURE_FIELDS);

/**
 * Routes that need their body's exact bytes (in `rawBody`) rather than parsed JSON: a sender's signature covers
 * those bytes. Exact paths. The size limit still applies.
 */
const RAW_BODY_PATHS: ReadonlyArray<{ path: string; why: string }> = [
  { path: "/v1/payment/stripe/webhook", why: "Stripe-Signature is an HMAC of the body as sent" },
];

/**
 * Routes that read their own body as a stream (neither parsed here nor held to BODY_LIMIT_BYTES): each enforces
 * its own, larger limit while counting the bytes as they arrive. Exact paths, POST only.
 */
const STREAMED_BODY_PATHS: ReadonlyArray<{ path: string; why: string }> = [
  {
    path: "/v1/file/upload",
    why: "the local disk's form upload of an image up to 8 MB (routes-files.ts stops reading past its signed cap)",
  },
  { path: "/v1/sa", why: "the analytics SDK's form or beacon body, not JSON (routes-analytics-collector.ts, 512 KB)" },
  { path: "/v1/sa.gif", why: "the same collector under the name the SDK rewrites /sa to" },
];

function streamsOwnBody(method: string, path: string): boolean {
  return method === "POST" && STREAMED_BODY_PATHS.some((entry) => entry.path === path);
}

function keepsRawBody(path: string): boolean {
  return RAW_BODY_PATHS.some((entry) => entry.path === path);
}

function withoutSignatureFields<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !SIGNATURE_FIELD_SET.has(k)));
}

/** The body, read as it arrives and abandoned past the limit (null). */
async function readBody(c: Parameters<MiddlewareHandler<ApiEnv>>[0], limit: number): Promise<Uint8Array | null> {
  try {
    return await readBodyWithin(c.env?.incoming instanceof IncomingMessage ? c.env.incoming : c.req.raw.body, limit);
  } catch (err) {
    if (err instanceof BodyAbortedError) throw new AppError(400, 400, err.message);
    throw err;
  }
}

export interface RawInput {
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

/**
 * Reads the query and the JSON body once (within the size limit), rejecting malformed JSON and
 * non-object bodies, and keeps the raw input for signature checks before stripping the lm_* fields. A route of
 * RAW_BODY_PATHS gets its bytes as they came in `rawBody` and no parsed body.
 */
export function parseInput(
  onRaw?: (c: Parameters<MiddlewareHandler<ApiEnv>>[0], raw: RawInput) => Promise<void>,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const query = c.req.query();
    let body: Record<string, unknown> | undefined;
    if (BODY_METHODS.has(c.req.method) && !streamsOwnBody(c.req.method, c.req.path)) {
      const limit = c.get("deps").config.BODY_LIMIT_BYTES;
      const declared = Number(c.req.header("content-length") ?? "0");
      const buffer = declared > limit ? null : await readBody(c, limit);
      if (buffer === null) {
        // The rest of the upload is not read: the connection closes after the answer.
        c.header("connection", "close");
        throw errors.payloadTooLarge();
      }
      const text = keepsRawBody(c.req.path) ? null : new TextDecoder().decode(buffer);
      if (text === null) {
        c.set("rawBody", buffer);
      } else if (text.trim() === "") {
        body = {};
      } else {
        const type = c.req.header("content-type") ?? "";
        if (!/^application\/(.+\+)?json\b/i.test(type)) throw errors.unsupportedMediaType();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new AppError(400, 400, "Malformed JSON body");
        }
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
          throw new AppError(400, 400, "The JSON body must be an object");
        }
        body = parsed as Record<string, unknown>;
      }
    }
    assertCleanInput(c.req.url, query, body);
    if (onRaw) await onRaw(c, { query, body });
    c.set("query", withoutSignatureFields(query));
    c.set("body", body ? withoutSignatureFields(body) : undefined);
    await next();
  };
}
