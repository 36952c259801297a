import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import type { Config } from "../../config";
import { HSTS_VALUE } from "../../pages/security-headers";
import type { ApiEnv } from "../context";

// JSON answers: nothing to frame, sniff, cache or embed. Routes that serve other content override what they need
// (the avatar route sets its own cache-control and content-security-policy).
const API_HEADERS: ReadonlyArray<[string, string]> = [
  ["cache-control", "no-store"],
  ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
  ["cross-origin-resource-policy", "same-origin"],
  ["referrer-policy", "no-referrer"],
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
];

/**
 * Fixed headers are set BEFORE the handler runs: a header set after next() makes Hono rebuild the finished
 * response as a stream, which measured ~200 µs of CPU per request (bench/README.md, API throughput).
 */
export function apiResponseHeaders(config: Pick<Config, "PUBLIC_BASE_URL">): MiddlewareHandler<ApiEnv> {
  // HSTS as on pages: only when the site is served over https (PUBLIC_BASE_URL says so), with the same value.
  const headers = config.PUBLIC_BASE_URL?.startsWith("https:")
    ? [...API_HEADERS, ["strict-transport-security", HSTS_VALUE] as const]
    : API_HEADERS;
  return async (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    await next();
  };
}

/** Compression only for clients that accept it (browsers do; probes and load balancers often do not). */
export function compressWhenAccepted(): MiddlewareHandler<ApiEnv> {
  const gzip = compress({ threshold: 1024 });
  return (c, next) => (/\b(gzip|deflate)\b/.test(c.req.header("accept-encoding") ?? "") ? gzip(c, next) : next());
}
