import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiEnv } from "@/server/api/context";
import { fail } from "@/server/api/envelope";
import { optionalAuth, requireAuth, resolvesOwnSession } from "@/server/api/middleware/auth";
import { requestContext } from "@/server/api/middleware/request-context";
import { AppError } from "@/server/errors";
import type { DbHandle } from "@/server/db/types";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const DEAD_TOKEN = "a".repeat(43);
const EXPIRED = { code: 401, msg: "Authentication expired" };

/** The real middleware order (request context, then optionalAuth) with routes mounted from a router, as app.ts does. */
function guardedApp(api: TestApi): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  routes.post("/own", resolvesOwnSession, (c) => c.json({ token: c.get("token"), sessionUser: c.get("sessionUser") }));
  routes.post("/signed-in", requireAuth, (c) => c.json({ id: c.get("user").id, token: c.get("token") }));
  routes.post("/public", (c) => {
    // @ts-expect-error only routes behind requireAuth can read a signed-in user
    c.get("user");
    return c.json({ sessionUser: c.get("sessionUser")?.id ?? null });
  });
  const app = new Hono<ApiEnv>().basePath("/v1");
  app.use(requestContext(api.deps));
  app.use(optionalAuth());
  app.route("/", routes);
  app.onError((err, c) => (err instanceof AppError ? fail(c, err) : c.text("unexpected", 500)));
  return app;
}

describe.each(testDrivers())("the session guards on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let app: Hono<ApiEnv>;
  const post = (path: string, authorization?: string) =>
    app.request(path, { method: "POST", headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    api = createTestApi(database);
    app = guardedApp(api);
  });
  afterAll(async () => database?.close());

  it("requireAuth gives its handler the signed-in user and token, and refuses anyone else with 401", async () => {
    const { user, token } = await createUserWithSession(database.db);
    const res = await post("/v1/signed-in", `Bearer ${token}`);
    expect(await res.json()).toEqual({ id: user.id, token });
    expect((await post("/v1/signed-in")).status).toBe(401);
    expect(await (await post("/v1/signed-in", `Bearer ${DEAD_TOKEN}`)).json()).toMatchObject(EXPIRED);
  });

  it("leaves a resolvesOwnSession route its session, and still refuses no token or a garbled one", async () => {
    const own = await post("/v1/own", `Bearer ${DEAD_TOKEN}`);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ token: DEAD_TOKEN, sessionUser: null });
    expect(await (await post("/v1/own")).json()).toMatchObject({ code: 401, msg: "Authentication required" });
    const garbled = await post("/v1/own", "Bearer not a token");
    expect(await garbled.json()).toMatchObject({ code: 401, msg: "Invalid authorization token" });
  });

  it("answers a dead token with 401 on every other route, public ones and unknown paths included", async () => {
    const { user, token } = await createUserWithSession(database.db);
    expect(await (await post("/v1/public", `Bearer ${token}`)).json()).toEqual({ sessionUser: user.id });
    expect(await (await post("/v1/public")).json()).toEqual({ sessionUser: null });
    for (const path of ["/v1/public", "/v1/nowhere"]) {
      expect(await (await post(path, `Bearer ${DEAD_TOKEN}`)).json()).toMatchObject(EXPIRED);
    }
    // The declaration belongs to the POST route: another method on the same path resolves the token as usual.
    const other = await app.request("/v1/own", { headers: { authorization: `Bearer ${DEAD_TOKEN}` } });
    expect(await other.json()).toMatchObject(EXPIRED);
  });

  it("the real API: the chat send resolves its own token; a dead token is 401 on its path's other methods", async () => {
    const dead = { authorization: `Bearer ${DEAD_TOKEN}` };
    const send = await api.post("/v1/chat_session/chat", { robot_id: 1, message: "hi" }, dead);
    expect(await send.json()).toMatchObject(EXPIRED);
    expect(await (await api.request("/v1/chat_session/chat", { headers: dead })).json()).toMatchObject(EXPIRED);
  });
});
