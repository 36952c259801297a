import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { ApiDeps, ApiEnv } from "../context";

function clientIp(c: Parameters<MiddlewareHandler<ApiEnv>>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket.remoteAddress ?? "unknown";
}

/** Request id, client address, the dependencies, and one structured log line per request. */
export function requestContext(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("clientIp", clientIp(c, deps.config.TRUST_PROXY));
    c.set("user", null);
    c.set("token", null);
    c.set("body", undefined);
    c.set("query", {});
    c.header("x-request-id", requestId);
    await next();
    deps.logger.info("request", {
      reqId: requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ip: c.get("clientIp"),
    });
  };
}
