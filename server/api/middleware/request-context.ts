import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import {
  type AddressedRequest,
  clientAddress,
  compileTrust,
  forwardedProto,
  warnUntrustedForwarding,
} from "../../http/client-address";
import type { ApiDeps, ApiEnv } from "../context";

type Ctx = Parameters<MiddlewareHandler<ApiEnv>>[0];

/** The socket's peer and the forwarding headers (which count only when that peer is a trusted proxy). */
function addressed(c: Ctx): AddressedRequest {
  return {
    headers: {
      "x-forwarded-for": c.req.header("x-forwarded-for"),
      "x-forwarded-proto": c.req.header("x-forwarded-proto"),
    },
    socket: { remoteAddress: c.env?.incoming?.socket.remoteAddress },
  };
}

/** Request id, client address, the dependencies, and one structured log line per request. */
export function requestContext(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  const trust = compileTrust(deps.config.TRUST_PROXY);
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set("deps", deps);
    c.set("requestId", requestId);
    const from = addressed(c);
    warnUntrustedForwarding(from, trust, (msg, fields) => deps.logger.warn(msg, fields));
    c.set("clientIp", clientAddress(from, trust));
    c.set("protocol", forwardedProto(from, trust));
    c.set("bearer", null);
    c.set("sessionUser", null);
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
