import { createHash, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { errors } from "../errors";
import { dailyQuery, readDaily } from "../modules/analytics/read-daily";
import { eventsQuery, readEvents } from "../modules/analytics/read-events";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { bearerIsNotASession } from "./middleware/auth";
import { readQuery } from "./validate";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** 404 while ANALYTICS_READ_TOKEN is unset (as if the API did not exist), 401 without that token as the bearer. */
function checkReadToken(c: Context<ApiEnv>): void {
  const expected = c.get("deps").config.ANALYTICS_READ_TOKEN;
  if (!expected) throw errors.notFound(`Not found: ${c.req.method} ${c.req.path}`);
  const given = c.get("bearer");
  // Digests have one length, so the comparison takes the same time whatever was sent.
  if (!given || !timingSafeEqual(digest(given), digest(expected))) throw errors.unauthorized("Invalid analytics token");
}

/** The operator's read API over the collector's data (README "Analytics"). */
export function analyticsReadRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get("/analytics/events", bearerIsNotASession, async (c) => {
    checkReadToken(c);
    return ok(c, await readEvents(c.get("deps").database.db, readQuery(c, eventsQuery)));
  });

  app.get("/analytics/daily", bearerIsNotASession, async (c) => {
    checkReadToken(c);
    return ok(c, await readDaily(c.get("deps").database.db, readQuery(c, dailyQuery)));
  });

  return app;
}
