import type { MiddlewareHandler } from "hono";
import { errors } from "../../errors";
import type { ApiEnv } from "../context";

const WINDOW_MS = 60_000;

/**
 * Routes outside the per-IP budget, each with a limit of its own. Exact paths.
 */
const OWN_LIMIT_PATHS: ReadonlyArray<{ path: string; why: string }> = [
  {
    path: "/v1/payment/stripe/webhook",
    why:
      "Stripe delivers from a few addresses at its own rate (hundreds a second on a busy day), and a refused " +
      "delivery is only retried later; the route counts failed signature checks per address instead",
  },
  {
    path: "/v1/sa",
    why:
      "the analytics collector: a page's beacons must not spend (nor be stopped by) the budget of its API calls; " +
      "the route counts events per address instead (ANALYTICS_RATE_LIMIT_PER_MINUTE)",
  },
  { path: "/v1/sa.gif", why: "the same collector under the name the SDK rewrites /sa to" },
];

/** Per-IP fixed window over all /v1 calls; costly endpoints add their own tighter limits. */
export function rateLimit(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (OWN_LIMIT_PATHS.some((entry) => entry.path === c.req.path)) return next();
    const { store, config } = c.get("deps");
    const limit = config.RATE_LIMIT_PER_MINUTE;
    const { count, resetMs } = await store.hit(`ip:${c.get("clientIp")}`, WINDOW_MS);
    c.header("ratelimit-limit", String(limit));
    c.header("ratelimit-remaining", String(Math.max(0, limit - count)));
    if (count > limit) {
      const retry = Math.ceil(resetMs / 1000);
      c.header("retry-after", String(retry));
      throw errors.rateLimited(retry);
    }
    await next();
  };
}
