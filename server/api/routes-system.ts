import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { avatarRouteParams } from "../../lib/contracts/system";
import { AppError } from "../errors";
import { avatarStyleSchema, renderAvatar } from "../modules/avatars/render-avatar";
import { checkReadiness } from "../modules/health/readiness-checks";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";

export function systemRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get("/health", async (c) => {
    const { database } = c.get("deps");
    const started = performance.now();
    try {
      await database.db.execute(sql`select 1`);
    } catch {
      throw new AppError(503, 503, "Database unavailable", { database: { status: "down", driver: database.driver } });
    }
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return ok(c, { status: "ok", database: { status: "up", driver: database.driver, latency_ms: latencyMs } });
  });

  // Readiness, for load balancers: 503 naming what failed while the database or Redis does not answer, or once
  // the instance is shutting down. /health above stays liveness.
  app.get("/health/ready", async (c) => {
    const { ready, failed, report } = await checkReadiness(c.get("deps"));
    if (!ready) throw new AppError(503, 503, `Not ready: ${failed.join(", ")}`, report);
    return ok(c, report);
  });

  app.get("/avatar/:style/:file", async (c) => {
    const params = avatarRouteParams.safeParse(c.req.param());
    const style = avatarStyleSchema.safeParse(params.data?.style);
    if (!params.success || !style.success) throw new AppError(404, 404, "Avatar not found");
    const svg = await renderAvatar(style.data, params.data.file.slice(0, -".svg".length));
    return c.body(svg, 200, {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  return app;
}
