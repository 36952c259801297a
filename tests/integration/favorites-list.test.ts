import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { ADULT, body, create, signIn, unlimitedStore, type Creator } from "./creation-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

type Page = { list: { id: number }[]; total: number; page: number; page_size: number };

describe.each(testDrivers())("the favourites list on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let ada: Creator;
  let bob: Creator;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    invalidateCatalogue();
    api = createTestApi(database, {}, unlimitedStore());
    ada = await signIn(database, "Ada");
    bob = await signIn(database, "Bob");
  });
  afterAll(async () => database?.close());

  const favourite = async (who: Creator, robotId: number, headers: Record<string, string> = {}) =>
    expect((await api.post("/v1/user/favorites/add", { robot_id: robotId }, { ...who.auth, ...headers })).status).toBe(
      200,
    );
  const list = async (who: Creator, input: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await api.post("/v1/user/favorites/list", input, { ...who.auth, ...headers });
    expect(res.status).toBe(200);
    return (await body(res)).data as Page;
  };
  const ids = (page: Page) => page.list.map((r) => r.id);

  it("pages 10 at a time, newest favourite first, and only for the signed-in user", async () => {
    const carol = await signIn(database, "Carol");
    const safe = await database.db.select({ id: robots.id }).from(robots).where(eq(robots.nsfw, false)).limit(12);
    for (const { id } of safe) await favourite(carol, id);

    const first = await list(carol);
    expect(first).toMatchObject({ total: 12, page: 1, page_size: 10 });
    expect(first.list).toHaveLength(10);
    const second = await list(carol, { page: 2 });
    expect(second.list).toHaveLength(2);
    expect(new Set([...ids(first), ...ids(second)])).toEqual(new Set(safe.map((r) => r.id)));
    expect((await list(carol, { page: 3 })).list).toEqual([]);

    // Removing one moves the next page's first favourite up: page 2 holds one.
    expect((await api.post("/v1/user/favorites/remove", { robot_id: ids(first)[0] }, carol.auth)).status).toBe(200);
    const after = await list(carol);
    expect(after.total).toBe(11);
    expect(ids(after)).toEqual([...ids(first).slice(1), ids(second)[0]]);
    expect((await list(carol, { page: 2 })).list).toHaveLength(1);

    expect((await list(bob)).total).toBe(0);
    expect((await api.post("/v1/user/favorites/list", {})).status).toBe(401);
    expect((await api.post("/v1/user/favorites/list", { page_size: 51 }, carol.auth)).status).toBe(400);
    expect((await api.post("/v1/user/favorites/list", { page: 0 }, carol.auth)).status).toBe(400);
  });

  it("drops a favourite whose character became private (not one's own) or was deleted; keeps unlisted ones", async () => {
    const turning = await create(api, ada, { name: "Turning Private" });
    const unlisted = await create(api, ada, { name: "Link Only", visibility: "unlisted" });
    const doomed = await create(api, ada, { name: "Soon Gone" });
    const ownPrivate = await create(api, bob, { name: "Bob's Secret", visibility: "private" });
    for (const made of [turning, unlisted, doomed, ownPrivate]) await favourite(bob, made.id);
    await favourite(ada, turning.id);
    expect(new Set(ids(await list(bob)))).toEqual(new Set([turning.id, unlisted.id, doomed.id, ownPrivate.id]));

    await database.db.update(robots).set({ visibility: "private" }).where(eq(robots.id, turning.id));
    const afterPrivate = await list(bob);
    expect(ids(afterPrivate)).not.toContain(turning.id);
    expect(afterPrivate.total).toBe(3);
    // Its creator still has it.
    expect(ids(await list(ada))).toContain(turning.id);

    expect((await api.post("/v1/user/robot/delete", { id: doomed.id }, ada.auth)).status).toBe(200);
    const afterDelete = await list(bob);
    expect(new Set(ids(afterDelete))).toEqual(new Set([unlisted.id, ownPrivate.id]));
    expect(afterDelete.total).toBe(2);

    // Made public again, it comes back: the favourite was hidden, not lost.
    await database.db.update(robots).set({ visibility: "public" }).where(eq(robots.id, turning.id));
    expect(ids(await list(bob))).toContain(turning.id);
  });

  it("lists an NSFW favourite only while the viewer's age check and setting allow it", async () => {
    const dave = await signIn(database, "Dave");
    const [nsfw] = await database.db
      .select({ id: robots.id })
      .from(robots)
      .where(and(eq(robots.nsfw, true), eq(robots.visibility, "public")))
      .limit(1);
    await favourite(dave, nsfw!.id, ADULT);
    expect(ids(await list(dave, {}, ADULT))).toEqual([nsfw!.id]);
    expect(await list(dave)).toMatchObject({ list: [], total: 0 });
  });
});
