import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots, robotTags, tags } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

type Page = { list: Array<{ key: string }>; total: number };

describe.each(testDrivers())("the 'new' sort on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  const keys = async (body: Record<string, unknown>): Promise<string[]> => {
    const res = await api.post("/v1/tag/robots", body);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Page }).data.list.map((r) => r.key);
  };
  const at = (day: number) => new Date(Date.UTC(2030, 0, day));

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const [tag] = await database.db.insert(tags).values({ key: "newsort", name: "Newsort" }).returning();
    // Later than anything else in the database; "same-day-a" and "-b" share a moment, so the id decides.
    const rows = await database.db
      .insert(robots)
      .values([
        { key: "old-popular", name: "Old Popular", createdAt: at(1), chatCount: 90_000 },
        { key: "newest", name: "Newest", createdAt: at(9), chatCount: 0 },
        { key: "same-day-a", name: "Same Day A", createdAt: at(5), chatCount: 5 },
        { key: "same-day-b", name: "Same Day B", createdAt: at(5), chatCount: 5 },
        { key: "newest-private", name: "Private", createdAt: at(20), visibility: "private" },
        { key: "newest-nsfw", name: "Adult", createdAt: at(19), nsfw: true },
      ])
      .returning({ id: robots.id, key: robots.key });
    await database.db
      .insert(robotTags)
      .values(rows.filter((r) => r.key !== "newest").map((r) => ({ robotId: r.id, tagId: tag!.id })));
    invalidateCatalogue();
    api = createTestApi(database);
  });
  afterAll(async () => database?.close());

  it("lists the newest public characters first, the later id first on a tie", async () => {
    expect((await keys({ sort: "new", page_size: 4 })).slice(0, 4)).toEqual([
      "newest",
      "same-day-b",
      "same-day-a",
      "old-popular",
    ]);
  });

  it("sorts one tag's characters the same way, and pages through them", async () => {
    expect(await keys({ tag_key: "newsort", sort: "new" })).toEqual(["same-day-b", "same-day-a", "old-popular"]);
    expect(await keys({ tag_key: "newsort", sort: "new", page: 2, page_size: 2 })).toEqual(["old-popular"]);
  });

  it("keeps the popular order as the default", async () => {
    expect(await keys({ tag_key: "newsort" })).toEqual(["old-popular", "same-day-a", "same-day-b"]);
    expect(await keys({ tag_key: "newsort", sort: "popular" })).toEqual(["old-popular", "same-day-a", "same-day-b"]);
  });
});
