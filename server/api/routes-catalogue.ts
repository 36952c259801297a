import { Hono, type Context } from "hono";
import { API_CODES } from "../../lib/contracts/api-codes";
import {
  robotDetailRequest,
  robotExistsRequest,
  robotSearchRequest,
  tagDetailRequest,
  tagListRequest,
  tagRobotsRequest,
} from "../../lib/contracts/catalogue";
import { AppError, errors } from "../errors";
import { listRobots } from "../modules/catalogue/list-robots";
import { getRobotDetail, robotExists } from "../modules/catalogue/robot-detail";
import { searchRobots } from "../modules/catalogue/search-robots";
import { getTag, listTags } from "../modules/catalogue/tags";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { readBody } from "./validate";
import { viewerOf } from "./viewer";

const db = (c: Context<ApiEnv>) => c.get("deps").database.db;

export function catalogueRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.post("/tag/list", async (c) => {
    readBody(c, tagListRequest);
    return ok(c, { list: await listTags(db(c), viewerOf(c)) });
  });

  app.post("/tag/detail", async (c) => {
    const { key } = readBody(c, tagDetailRequest);
    const tag = await getTag(db(c), key, viewerOf(c));
    if (!tag) throw errors.notFound("Tag not found");
    return ok(c, tag);
  });

  app.post("/tag/robots", async (c) => {
    const input = readBody(c, tagRobotsRequest);
    const page = await listRobots(
      db(c),
      { tagKey: input.tag_key, sort: input.sort, page: input.page, pageSize: input.page_size },
      viewerOf(c),
    );
    if (!page) throw errors.notFound("Tag not found");
    return ok(c, page);
  });

  app.post("/robot/search", async (c) => {
    const input = readBody(c, robotSearchRequest);
    return ok(
      c,
      await searchRobots(db(c), { keyword: input.keyword, page: input.page, pageSize: input.page_size }, viewerOf(c)),
    );
  });

  app.post("/tag/robot/detail", async (c) => {
    const { id } = readBody(c, robotDetailRequest);
    const result = await getRobotDetail(db(c), id, viewerOf(c), c.get("sessionUser")?.id);
    if (result.status === "not_found") throw errors.notFound("Character not found");
    if (result.status === "age_required") throw new AppError(403, API_CODES.AGE_REQUIRED, "Age verification required");
    return ok(c, result.robot);
  });

  app.post("/tag/robot/exists", async (c) => {
    const input = readBody(c, robotExistsRequest);
    return ok(c, { exists: await robotExists(db(c), input) });
  });

  return app;
}
