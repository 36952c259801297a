import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots } from "@/server/db/schema";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { SEARCH_TOTAL_CAP } from "@/server/modules/catalogue/search-robots";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

type Card = { id: number; name: string; chat_count: number };
type Page = { list: Card[]; total: number };

/** More intro matches than the cap, so "quorvane" is a broad word; a few names match it too. */
const BROAD_INTROS = SEARCH_TOTAL_CAP + 60;

describe.each(testDrivers())("search ranking on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  const search = async (body: Record<string, unknown>, cookie?: string): Promise<Page> =>
    (await (await api.post("/v1/robot/search", body, cookie ? { cookie } : undefined)).json()).data;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    await seedDemo(database.db);
    await database.db.insert(robots).values([
      ...Array.from({ length: BROAD_INTROS }, (_, i) => ({
        key: `broad-${i}`,
        name: `Extra ${i}`,
        intro: "A quorvane wanderer.",
        chatCount: i,
      })),
      { key: "broad-exact", name: "Quorvane", intro: "Plain.", chatCount: 1 },
      { key: "broad-name-low", name: "Quorvane the Quiet", intro: "Plain.", chatCount: 2 },
      { key: "broad-name-high", name: "Old Quorvane", intro: "Plain.", chatCount: 40 },
      { key: "broad-hidden", name: "Quorvane Unseen", intro: "Plain.", chatCount: 99_999, nsfw: true },
      { key: "narrow-exact", name: "Telmaris Voe", intro: "Plain.", chatCount: 0 },
      { key: "narrow-longer", name: "Telmaris Voe Junior", intro: "Plain.", chatCount: 900 },
      { key: "narrow-intro", name: "Someone", intro: "Knew telmaris voe once.", chatCount: 5000 },
    ]);
    invalidateCatalogue();
    api = createTestApi(database);
  });
  afterAll(async () => database?.close());

  it("lists a broad word's name matches first, exact name first, then the other matches most chatted first", async () => {
    const first = await search({ keyword: "quorvane", page_size: 10 });
    expect(first.total).toBe(SEARCH_TOTAL_CAP);
    expect(first.list.slice(0, 3).map((r) => r.name)).toEqual(["Quorvane", "Old Quorvane", "Quorvane the Quiet"]);
    const rest = first.list.slice(3).map((r) => r.chat_count);
    expect(rest[0]).toBe(BROAD_INTROS - 1);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    expect(first.list.some((r) => r.name === "Quorvane Unseen")).toBe(false);
  });

  it("pages through a broad search without repeating or skipping a character", async () => {
    const whole = await search({ keyword: "quorvane", page_size: 50 });
    const pages: Card[] = [];
    for (let page = 1; page <= 5; page++)
      pages.push(...(await search({ keyword: "quorvane", page, page_size: 10 })).list);
    expect(pages.map((r) => r.id)).toEqual(whole.list.map((r) => r.id));
    expect(new Set(pages.map((r) => r.id)).size).toBe(50);
  });

  it("shows NSFW name matches of a broad word only to adults", async () => {
    const adult = await search({ keyword: "quorvane" }, "kewl_age_verified=1; kewl_nsfw=1");
    expect(adult.list.map((r) => r.name).slice(0, 2)).toEqual(["Quorvane", "Quorvane Unseen"]);
  });

  it("puts an exact name before longer and more chatted matches in a narrow search, with an exact total", async () => {
    const page = await search({ keyword: "Telmaris Voe" });
    expect(page.list.map((r) => r.name).slice(0, 3)).toEqual(["Telmaris Voe", "Telmaris Voe Junior", "Someone"]);
    expect(page.total).toBe(page.list.length);
    const pastTheEnd = await search({ keyword: "Telmaris Voe", page: 3 });
    expect(pastTheEnd).toMatchObject({ list: [], total: page.total });
  });
});
