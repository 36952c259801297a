import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { errors } from "../../errors";
import { resolveSession, type SessionUser } from "../../modules/sessions/sessions";
import type { ApiEnv } from "../context";

const BEARER = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

/** What requireAuth gives the handlers after it: the signed-in user and their session token, never null. */
export interface SignedInEnv {
  Variables: { sessionUser: SessionUser | null; bearer: string | null; user: SessionUser; token: string };
}

/** What resolvesOwnSession gives the handler after it: the bearer's token, its session not yet checked. */
export interface OwnSessionEnv {
  Variables: { bearer: string | null; token: string };
}

/**
 * Guard for routes that need a signed-in user: 401 without a session. Put it in the route's own handler chain
 * (`app.post(path, requireAuth, handler)`), so the handler's `c.get("user")` is a SessionUser.
 */
export const requireAuth = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.get("sessionUser");
  const token = c.get("bearer");
  if (!user || !token) throw errors.unauthorized();
  c.set("user", user);
  c.set("token", token);
  await next();
});

/**
 * Declares that the route resolves the bearer's session inside its own first statement (a hot path where a
 * statement of its own would cost time), so the shared middleware only checks the header's shape, and guards it:
 * 401 without a bearer token. The handler must answer 401 for a dead token itself.
 */
export const resolvesOwnSession = createMiddleware<OwnSessionEnv>(async (c, next) => {
  const token = c.get("bearer");
  if (!token) throw errors.unauthorized();
  c.set("token", token);
  await next();
});

/**
 * Declares that the route's bearer token is no session but an operator's secret the route compares itself (the
 * analytics read API's ANALYTICS_READ_TOKEN): the shared middleware only checks the header's shape.
 */
export const bearerIsNotASession = createMiddleware<ApiEnv>(async (_c, next) => {
  await next();
});

function routeResolvesOwnSession(c: Context<ApiEnv>): boolean {
  return matchedRoutes(c).some(
    (route) => route.handler === resolvesOwnSession || route.handler === bearerIsNotASession,
  );
}

/**
 * Resolves a bearer token when present. A garbled or dead token is a 401 on every path, public ones included (that
 * is what signs a stale browser out), except that a route declaring resolvesOwnSession checks its token itself.
 */
export function optionalAuth() {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const header = c.req.header("authorization");
    if (header) {
      const match = BEARER.exec(header.trim());
      if (!match?.[1]) throw errors.unauthorized("Invalid authorization token");
      c.set("bearer", match[1]);
      if (!routeResolvesOwnSession(c)) {
        const user = await resolveSession(c.get("deps").database.db, match[1]);
        if (!user) throw errors.unauthorized("Authentication expired");
        c.set("sessionUser", user);
      }
    }
    await next();
  });
}
