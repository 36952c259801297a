import { Hono, type Context } from "hono";
import { accountDeleteRequest } from "../../lib/contracts/account-data";
import { logoutRequest, userExistsRequest, userUpdateRequest } from "../../lib/contracts/accounts";
import { personaUpdateRequest } from "../../lib/contracts/persona";
import { openAccountArchive } from "../modules/account-data/account-archive";
import type { AccountDataDeps } from "../modules/account-data/account-data-context";
import { deleteAccount } from "../modules/account-data/delete-account";
import { toOwnProfile } from "../modules/accounts/profile";
import { updateOwnProfile, userKeyTaken } from "../modules/accounts/profile-update";
import { readUserPersona, updateUserPersona } from "../modules/persona/user-persona";
import { revokeSession } from "../modules/sessions/sessions";
import { attachmentHeaders } from "./card-download";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { readBody } from "./validate";

function accountDataDeps<E extends ApiEnv>(c: Context<E>): AccountDataDeps {
  const { database, store, storage, payments, logger } = c.get("deps");
  return { db: database.db, store, storage, payments, logger };
}

export function userRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get("/user/info", requireAuth, (c) => ok(c, toOwnProfile(c.get("user"))));

  /** Ends the caller's session on the server (the token stops working at once). */
  app.post("/user/logout", requireAuth, async (c) => {
    readBody(c, logoutRequest);
    await revokeSession(c.get("deps").database.db, c.get("token"));
    return ok(c, null);
  });

  /** Edits the caller's own profile only; 409 code 12008 when the ID is taken. */
  app.post("/user/update", requireAuth, async (c) => {
    const input = readBody(c, userUpdateRequest);
    return ok(c, await updateOwnProfile(c.get("deps").database.db, c.get("deps").storage, c.get("user").id, input));
  });

  /** { exists }: whether another user has this ID (case-insensitive; the caller's own ID does not count). */
  app.post("/user/exists", requireAuth, async (c) => {
    const { key } = readBody(c, userExistsRequest);
    return ok(c, { exists: await userKeyTaken(c.get("deps").database.db, key, c.get("user").id) });
  });

  /** The caller's persona: who they are in chats (lib/contracts/persona.ts). */
  app.get("/user/persona", requireAuth, async (c) =>
    ok(c, await readUserPersona(c.get("deps").database.db, c.get("user").id)),
  );

  app.post("/user/persona/update", requireAuth, async (c) => {
    const input = readBody(c, personaUpdateRequest);
    return ok(c, await updateUserPersona(c.get("deps").database.db, c.get("user").id, input));
  });

  /** The account's data as one zip (lib/contracts/account-data.ts), streamed as it is written. */
  app.get("/user/export", requireAuth, async (c) => {
    const archive = await openAccountArchive(accountDataDeps(c), c.get("user"));
    for (const [name, value] of Object.entries(attachmentHeaders(archive.baseName, "zip", "application/zip", "kewl")))
      c.header(name, value);
    return c.body(archive.body);
  });

  /** Deletes the caller's account for good once `confirm` is its ID; every session ends with it. */
  app.post("/user/delete", requireAuth, async (c) => {
    const { confirm } = readBody(c, accountDeleteRequest);
    return ok(c, await deleteAccount(accountDataDeps(c), c.get("user"), confirm));
  });

  return app;
}
