import { Hono } from "hono";
import { logoutRequest, userExistsRequest, userUpdateRequest } from "../../lib/contracts/accounts";
import { personaUpdateRequest } from "../../lib/contracts/persona";
import { toOwnProfile } from "../modules/accounts/profile";
import { updateOwnProfile, userKeyTaken } from "../modules/accounts/profile-update";
import { readUserPersona, updateUserPersona } from "../modules/persona/user-persona";
import { revokeSession } from "../modules/sessions/sessions";
import type { ApiEnv } from "./context";
import { ok } from "./envelope";
import { requireAuth } from "./middleware/auth";
import { readBody } from "./validate";

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

  return app;
}
