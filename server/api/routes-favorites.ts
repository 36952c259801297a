import { Hono } from "hono";
import { favoriteChangeRequest, favoriteCheckRequest, favoriteListRequest } from "../../lib/contracts/catalogue";
import { errors } from "../errors";
import { favoritedAmong, listFavorites, setFavorite } from "../modules/catalogue/favorites";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { readBody } from "./validate";
import { viewerOf } from "./viewer";

export function favoriteRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  for (const [path, on] of [
    ["/user/favorites/add", true],
    ["/user/favorites/remove", false],
  ] as const) {
    app.post(path, requireAuth, async (c) => {
      const { robot_id } = readBody(c, favoriteChangeRequest);
      const state = await setFavorite(c.get("deps").database.db, c.get("user").id, robot_id, on);
      if (!state) throw errors.notFound("Character not found");
      return ok(c, state);
    });
  }

  app.post("/user/favorites/check", requireAuth, async (c) => {
    const { robot_ids } = readBody(c, favoriteCheckRequest);
    return ok(c, { favorited: await favoritedAmong(c.get("deps").database.db, c.get("user").id, robot_ids) });
  });

  app.post("/user/favorites/list", requireAuth, async (c) => {
    const input = readBody(c, favoriteListRequest);
    const page = { page: input.page, pageSize: input.page_size };
    return ok(c, await listFavorites(c.get("deps").database.db, c.get("user").id, page, viewerOf(c)));
  });

  return app;
}
