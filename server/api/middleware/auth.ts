import type { MiddlewareHandler } from "hono";
import { errors } from "../../errors";
import { resolveSession } from "../../modules/sessions/sessions";
import type { ApiEnv } from "../context";

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/**
 * Resolves a bearer token when present. A garbled or dead token is a 401 even on public paths.
 *
 * On `resolvedByRoute` paths only the token is kept: their handler resolves it within its own first statement
 * (a hot path where a statement of its own would cost time), and they guard with requireToken().
 */
export function optionalAuth(options: { resolvedByRoute?: ReadonlySet<string> } = {}): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    if (header) {
      const match = BEARER.exec(header.trim());
      if (!match?.[1]) throw errors.unauthorized("Invalid authorization token");
      if (options.resolvedByRoute?.has(c.req.path)) {
        c.set("token", match[1]);
        return next();
      }
      const user = await resolveSession(c.get("deps").database.db, match[1]);
      if (!user) throw errors.unauthorized("Authentication expired");
      c.set("user", user);
      c.set("token", match[1]);
    }
    await next();
  };
}

/** Guard for routes that resolve the session token themselves (optionalAuth's `resolvedByRoute`). */
export function requireToken(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!c.get("token")) throw errors.unauthorized();
    await next();
  };
}

/** Guard for routes that need a signed-in user. */
export function requireAuth(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!c.get("user")) throw errors.unauthorized();
    await next();
  };
}
