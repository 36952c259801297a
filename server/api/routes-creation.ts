import { Hono, type Context } from "hono";
import {
  ownRobotListQuery,
  robotCardQuery,
  robotCreateRequest,
  robotDefinitionRequest,
  robotDeleteRequest,
  robotUpdateRequest,
} from "../../lib/contracts/creation";
import { API_CODES } from "../../lib/contracts/api-codes";
import { AppError, errors } from "../errors";
import type { LoadAvatarBytes } from "../modules/creation/card-avatar-png";
import { exportCard } from "../modules/creation/card-export";
import { spendExport } from "../modules/creation/export-limit";
import { readStoredAvatar } from "../modules/files/stored-avatar";
import { readDefinition } from "../modules/creation/character-definition";
import { createCharacter } from "../modules/creation/create-character";
import type { CreationDeps } from "../modules/creation/creation-context";
import { deleteCharacter } from "../modules/creation/delete-character";
import { listOwnCharacters } from "../modules/creation/list-own-characters";
import { updateCharacter } from "../modules/creation/update-character";
import { cardDownloadHeaders } from "./card-download";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { readBody, readQuery } from "./validate";
import { viewerOf } from "./viewer";

function creationDeps<E extends ApiEnv>(c: Context<E>): CreationDeps {
  const { database, store, storage } = c.get("deps");
  return { db: database.db, store, storage };
}

/** Characters people create (lib/contracts/creation.ts). */
export function creationRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.post("/user/robot/create", requireAuth, async (c) => {
    const input = readBody(c, robotCreateRequest);
    return ok(c, await createCharacter(creationDeps(c), c.get("user").id, viewerOf(c), input));
  });

  app.post("/user/robot/update", requireAuth, async (c) => {
    const input = readBody(c, robotUpdateRequest);
    return ok(c, await updateCharacter(creationDeps(c), c.get("user").id, input));
  });

  app.post("/user/robot/delete", requireAuth, async (c) => {
    const { id } = readBody(c, robotDeleteRequest);
    return ok(c, await deleteCharacter(creationDeps(c).db, c.get("user").id, id));
  });

  app.get("/user/robot/list", requireAuth, async (c) => {
    const { page, page_size } = readQuery(c, ownRobotListQuery);
    return ok(c, await listOwnCharacters(creationDeps(c).db, c.get("user").id, { page, pageSize: page_size }));
  });

  app.post("/robot/definition", async (c) => {
    const { id } = readBody(c, robotDefinitionRequest);
    const audience = { userId: c.get("sessionUser")?.id, viewer: viewerOf(c) };
    const result = await readDefinition(creationDeps(c).db, id, audience);
    if (result.status === "not_found") throw errors.notFound("Character not found");
    if (result.status === "age_required") throw new AppError(403, API_CODES.AGE_REQUIRED, "Age verification required");
    return ok(c, result.definition);
  });

  app.get("/robot/card", async (c) => {
    const input = readQuery(c, robotCardQuery);
    const audience = { userId: c.get("sessionUser")?.id, viewer: viewerOf(c) };
    const { storage, store } = c.get("deps");
    await spendExport(store, { userId: audience.userId, ip: c.get("clientIp") });
    const loadAvatarBytes: LoadAvatarBytes = (url) => readStoredAvatar(url, storage);
    const file = await exportCard(creationDeps(c).db, input, audience, loadAvatarBytes);
    return c.body(file.body.slice().buffer, 200, cardDownloadHeaders(file, input.format));
  });

  return app;
}
