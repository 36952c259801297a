import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const ADULT = { cookie: "kewl_age_verified=1; kewl_nsfw=1" };
type Card = { id: number; name: string; nsfw: boolean; chat_count: number; tags: { key: string }[] };

describe.each(testDrivers())("catalogue API on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  const data = async (res: Response) => (await res.json()).data;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    invalidateCatalogue();
    api = createTestApi(database);
  });
  afterAll(async () => database?.close());

  it("pages through all characters, most chatted first, 10 by default", async () => {
    const first = await data(await api.post("/v1/tag/robots", {}));
    expect(first.page_size).toBe(10);
    expect(first.list).toHaveLength(10);
    const counts = first.list.map((r: Card) => r.chat_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const second = await data(await api.post("/v1/tag/robots", { page: 2 }));
    const ids = new Set(first.list.map((r: Card) => r.id));
    expect(second.list.some((r: Card) => ids.has(r.id))).toBe(false);
    expect(first.total).toBeGreaterThanOrEqual(55);
  });

  it("caps page_size at 50 with a 400 naming the field", async () => {
    const res = await api.post("/v1/tag/robots", { page_size: 51 });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toContain("page_size");
  });

  it("lists a tag's characters and 404s an unknown tag", async () => {
    const page = await data(await api.post("/v1/tag/robots", { tag_key: "fantasy", page_size: 50 }));
    expect(page.list.length).toBeGreaterThanOrEqual(4);
    expect(page.list.every((r: Card) => r.tags.some((t) => t.key === "fantasy"))).toBe(true);
    expect((await api.post("/v1/tag/robots", { tag_key: "no-such-tag" })).status).toBe(404);
    expect((await api.post("/v1/tag/detail", { key: "no-such-tag" })).status).toBe(404);
    expect(await data(await api.post("/v1/tag/detail", { key: "fantasy" }))).toMatchObject({
      key: "fantasy",
      name: "Fantasy",
    });
  });

  it("hides NSFW characters until the age is verified and the setting is on", async () => {
    const all = async (headers: Record<string, string>) =>
      (await data(
        await api.request("/v1/tag/robots", {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ page_size: 50, page: 1 }),
        }),
      )) as { total: number; list: Card[] };
    const safe = await all({});
    const verifiedOnly = await all({ cookie: "kewl_age_verified=1" });
    const settingOnly = await all({ cookie: "kewl_nsfw=1" });
    const adult = await all(ADULT);
    expect(safe.list.some((r) => r.nsfw)).toBe(false);
    expect(verifiedOnly.total).toBe(safe.total);
    expect(settingOnly.total).toBe(safe.total);
    expect(adult.total).toBeGreaterThan(safe.total);
  });

  it("finds characters by name despite a typo, and by tag and intro words", async () => {
    const [target] = await database.db
      .select({ id: robots.id, name: robots.name })
      .from(robots)
      .where(eq(robots.nsfw, false))
      .limit(1);
    const word = target!.name.split(" ").sort((a, b) => b.length - a.length)[0]!;
    const typo = word.slice(0, -2) + word.slice(-1); // drop the second-to-last letter
    const byTypo = await data(await api.post("/v1/robot/search", { keyword: typo }));
    expect(byTypo.list.map((r: Card) => r.id)).toContain(target!.id);

    const n = word.length; // swap two letters near the end, the common slip: "captain" -> "captian"
    const swapped = word.slice(0, n - 3) + word[n - 2] + word[n - 3] + word.slice(n - 1);
    const bySwap = await data(await api.post("/v1/robot/search", { keyword: swapped.toLowerCase() }));
    expect(bySwap.list.map((r: Card) => r.id)).toContain(target!.id);

    const byTag = await data(await api.post("/v1/robot/search", { keyword: "horror", page_size: 50 }));
    expect(byTag.list.length).toBeGreaterThan(0);
  });

  it("answers an empty result for nonsense and rejects an empty keyword", async () => {
    const none = await data(await api.post("/v1/robot/search", { keyword: "zzqxjv" }));
    expect(none).toMatchObject({ list: [], total: 0 });
    expect((await api.post("/v1/robot/search", { keyword: "   " })).status).toBe(400);
  });

  it("stops counting search results at 1000", async () => {
    await database.db.insert(robots).values(
      Array.from({ length: 1005 }, (_, i) => ({
        key: `bulk-echo-${i}`,
        name: `Echo ${i}`,
        intro: "A zephyrine echo of a character.",
      })),
    );
    invalidateCatalogue();
    const page = await data(await api.post("/v1/robot/search", { keyword: "zephyrine" }));
    expect(page.total).toBe(1000);
    expect(page.list).toHaveLength(10);
    await database.db.delete(robots).where(eq(robots.intro, "A zephyrine echo of a character."));
    invalidateCatalogue();
  });

  it("gives a character's detail, 404 for unknown, 403 40301 for NSFW without age check", async () => {
    const [safe] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
    const detail = await data(await api.post("/v1/tag/robot/detail", { id: safe!.id }));
    expect(detail).toMatchObject({ id: safe!.id, name: safe!.name, greeting: safe!.greeting, is_favorite: false });
    expect(detail.creator).toMatchObject({ key: "kewl-studio" });
    expect(detail).not.toHaveProperty("persona");

    expect((await api.post("/v1/tag/robot/detail", { id: 99_999_999 })).status).toBe(404);
    const [nsfw] = await database.db.select().from(robots).where(eq(robots.nsfw, true)).limit(1);
    const refused = await api.post("/v1/tag/robot/detail", { id: nsfw!.id });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe(40301);
    expect((await api.post("/v1/tag/robot/detail", { id: nsfw!.id }, { cookie: "kewl_age_verified=1" })).status).toBe(
      200,
    );
  });

  it("tells whether a character exists by id or name", async () => {
    const [r] = await database.db.select().from(robots).limit(1);
    expect(await data(await api.post("/v1/tag/robot/exists", { id: r!.id }))).toEqual({ exists: true });
    expect(await data(await api.post("/v1/tag/robot/exists", { name: r!.name.toUpperCase() }))).toEqual({
      exists: true,
    });
    expect(await data(await api.post("/v1/tag/robot/exists", { id: 99_999_999 }))).toEqual({ exists: false });
    expect((await api.post("/v1/tag/robot/exists", {})).status).toBe(400);
  });

  describe("favourites", () => {
    it("need a signed-in user", async () => {
      for (const path of ["add", "remove", "check", "list"]) {
        const res = await api.post(`/v1/user/favorites/${path}`, { robot_id: 1, robot_ids: [1] });
        expect(res.status).toBe(401);
      }
    });

    it("add and remove idempotently with an exact count", async () => {
      const { token } = await createUserWithSession(database.db);
      const auth = { authorization: `Bearer ${token}` };
      const [r] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).limit(1);
      const before = r!.favoriteCount;
      const a1 = await data(await api.post("/v1/user/favorites/add", { robot_id: r!.id }, auth));
      const a2 = await data(await api.post("/v1/user/favorites/add", { robot_id: r!.id }, auth));
      expect(a1).toEqual({ robot_id: r!.id, favorited: true, favorite_count: before + 1 });
      expect(a2.favorite_count).toBe(before + 1);
      expect(await data(await api.post("/v1/user/favorites/check", { robot_ids: [r!.id, 99_999] }, auth))).toEqual({
        favorited: [r!.id],
      });
      const detail = await data(await api.post("/v1/tag/robot/detail", { id: r!.id }, auth));
      expect(detail.is_favorite).toBe(true);
      const list = await data(await api.post("/v1/user/favorites/list", {}, auth));
      expect(list.list.map((x: Card) => x.id)).toEqual([r!.id]);
      const r1 = await data(await api.post("/v1/user/favorites/remove", { robot_id: r!.id }, auth));
      const r2 = await data(await api.post("/v1/user/favorites/remove", { robot_id: r!.id }, auth));
      expect(r1.favorite_count).toBe(before);
      expect(r2.favorite_count).toBe(before);
      expect((await api.post("/v1/user/favorites/add", { robot_id: 99_999_999 }, auth)).status).toBe(404);
    });

    it("keep the count exact under concurrent requests", async () => {
      const [r] = await database.db.select().from(robots).where(eq(robots.nsfw, false)).offset(3).limit(1);
      const before = r!.favoriteCount;
      const usersWithTokens = await Promise.all(Array.from({ length: 8 }, () => createUserWithSession(database.db)));
      // Every user clicks "add" five times at once; then half of them click "remove" three times at once.
      await Promise.all(
        usersWithTokens.flatMap(({ token }) =>
          Array.from({ length: 5 }, () =>
            api.post("/v1/user/favorites/add", { robot_id: r!.id }, { authorization: `Bearer ${token}` }),
          ),
        ),
      );
      await Promise.all(
        usersWithTokens
          .slice(0, 4)
          .flatMap(({ token }) =>
            Array.from({ length: 3 }, () =>
              api.post("/v1/user/favorites/remove", { robot_id: r!.id }, { authorization: `Bearer ${token}` }),
            ),
          ),
      );
      const [after] = await database.db.select().from(robots).where(eq(robots.id, r!.id));
      expect(after!.favoriteCount).toBe(before + 4);
    });
  });
});
