import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots, users } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { sitemapEntries } from "@/server/modules/catalogue/sitemap-entries";
import { create, signIn, unlimitedStore, type Creator } from "./creation-support";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("the sitemap's entries, on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let ada: Creator;
  let bob: Creator;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    api = createTestApi(database, {}, unlimitedStore());
    ada = await signIn(database, "Ada");
    bob = await signIn(database, "Bob");
  });
  afterAll(async () => database?.close());

  const keyOf = async (who: Creator) =>
    (await database.db.select({ key: users.key }).from(users).where(eq(users.id, who.id)))[0]!.key;

  it("lists public, non-18+ characters most chatted first and their creators; never unlisted, private or 18+", async () => {
    const listed = await create(api, ada, { name: "Listed One", visibility: "public" });
    const hidden = [
      await create(api, ada, { name: "Unlisted One", visibility: "unlisted" }),
      await create(api, ada, { name: "Private One", visibility: "private" }),
      await create(api, ada, { name: "Mature One", visibility: "public", nsfw: true }),
      await create(api, bob, { name: "Bob's Secret", visibility: "private" }),
    ];
    await database.db
      .update(robots)
      .set({ chatCount: 10 ** 9 })
      .where(eq(robots.id, listed.id));
    invalidateCatalogue();

    const entries = await sitemapEntries(database.db);
    const ids = entries.characters.map((c) => c.id);
    expect(ids[0]).toBe(listed.id);
    for (const h of hidden) expect(ids).not.toContain(h.id);
    expect(ids.length).toBeGreaterThan(10);
    const visible = await database.db.select({ id: robots.id }).from(robots).where(eq(robots.visibility, "public"));
    expect(ids.length).toBeLessThan(visible.length); // the seeded 18+ ones are left out

    const profiles = entries.profiles.map((p) => p.key);
    // Ada's characters are the most chatted with: she comes first; Bob has only a private one.
    expect(profiles[0]).toBe(await keyOf(ada));
    expect(profiles).toContain("kewl-studio");
    expect(profiles).not.toContain(await keyOf(bob));
    expect(entries.profiles[0]!.updatedAt).toBeInstanceOf(Date);

    expect(entries.tags).toContain("fantasy");
  });
});
