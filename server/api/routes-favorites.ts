import { Hono, type Context } from "hono";
import { favoriteChangeRequest, favoriteCheckRequest, favoriteListRequest } from "../../lib/contracts/catalogue";
import { errors } from "../errors";
import { favoritedAmong, listFavorites, setFavorite } from "../modules/catalogue/favorites";
import type { SessionUser } from "../modules/sessions/sessions";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { readBody } from "./validate";
import { viewerOf } from "./viewer";

function signedIn(c: Context<ApiEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw errors.unauthorized();
  return user;
}

export function favoriteRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use("/user/favorites/*", requireAuth());

  for (const [path, on] of [["/user/favorites/add", true], ["/user/favorites/remove", false]] as const) {
    app.post(path, async (c) => {
      const { robot_id } = readBody(c, favoriteChangeRequest);
      const state = await setFavorite(c.get("deps").database.db, signedIn(c).id, robot_id, on);
      if (!state) throw errors.notFound("Character not found");
      return ok(c, state);
    });
  }

  app.post("/user/favorites/check", async (c) => {
    const { robot_ids } = readBody(c, favoriteCheckRequest);
    return ok(c, { favorited: await favoritedAmong(c.get("deps").database.db, signedIn(c).id, robot_ids) });
  });

  app.post("/user/favorites/list", async (c) => {
    const input = readBody(c, favoriteListRequest);
    const page = await listFavorites(c.get("deps").database.db, signedIn(c).id, { page: input.page, pageSize: input.page_size }, viewerOf(c));
    return ok(c, page);
  });

  return app;
}
