import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots, robotTags, searchWords, tags } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";
import { TYPO_THRESHOLD } from "@/server/modules/catalogue/search-robots";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

type Page = { list: Array<{ name: string }>; total: number };

describe.each(testDrivers())("typo-tolerant search on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  const names = async (keyword: string): Promise<string[]> => {
    invalidateCatalogue();
    const res = await api.post("/v1/robot/search", { keyword, page_size: 50 });
    return ((await res.json()) as { data: Page }).data.list.map((r) => r.name);
  };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const [tag] = await database.db
      .insert(tags)
      .values({ key: "zephyrine", name: "Zephyrine" })
      .returning({ id: tags.id });
    const inserted = await database.db
      .insert(robots)
      .values([
        { key: "t-quendor", name: "Marisela Quendor", intro: "Tends the glimmerwick lanterns." },
        { key: "t-tagged", name: "Tagged One", intro: "Plain.", tagText: "Zephyrine" },
        { key: "t-short", name: "Brax Olund", intro: "Plain." },
        { key: "t-five", name: "Tavik Sorn", intro: "Plain." },
        { key: "t-eight", name: "Melkarin Oss", intro: "Plain." },
        { key: "t-nine", name: "Lorvantis Ek", intro: "Plain." },
        { key: "t-exact", name: "Dorvash", intro: "Plain.", chatCount: 0 },
        { key: "t-near", name: "Dorvesh", intro: "Plain.", chatCount: 5000 },
        { key: "t-teller", name: "Teller", intro: "Tells of dorvash.", chatCount: 10 },
        { key: "t-private", name: "Hidden Wolmarath", intro: "Plain.", visibility: "private" },
      ])
      .returning({ id: robots.id, key: robots.key });
    const tagged = inserted.find((r) => r.key === "t-tagged");
    if (!tag || !tagged) throw new Error("fixture rows missing");
    await database.db.insert(robotTags).values({ robotId: tagged.id, tagId: tag.id });
    api = createTestApi(database);
  });
  afterAll(async () => database?.close());

  it.each([
    ["a letter missing", "Quendr"],
    ["an extra letter", "Quenddor"],
    ["a wrong letter", "Quendar"],
    ["two neighbouring letters swapped", "Qeundor"],
    ["a typo beside an exact word", "Marisela Qeundor"],
  ])("finds a name word with %s", async (_kind, keyword) => {
    expect(await names(keyword)).toEqual(["Marisela Quendor"]);
  });

  it("forgives a typo in a tag name and in an intro word", async () => {
    expect(await names("Zephyrnie")).toEqual(["Tagged One"]);
    expect(await names("glimerwick")).toEqual(["Marisela Quendor"]);
    expect(await names("glimmerwikc lanterns")).toEqual(["Marisela Quendor"]);
  });

  it("allows two typos from 9 letters on, one from 5, none under 5", async () => {
    expect(await names("glimerwikc")).toEqual(["Marisela Quendor"]);
    expect(await names("Lovrantsi")).toEqual(["Lorvantis Ek"]);
    expect(await names("Melkarni")).toEqual(["Melkarin Oss"]);
    expect(await names("Mlekarni")).toEqual([]);
    expect(await names("Tavek")).toEqual(["Tavik Sorn"]);
    expect(await names("Tevek")).toEqual([]);
    expect(await names("Brax")).toEqual(["Brax Olund"]);
    expect(await names("Brox")).toEqual([]);
  });

  it("ranks exact matches, even in an intro, above a more chatted typo match in a name", async () => {
    expect(await names("dorvash")).toEqual(["Dorvash", "Teller", "Dorvesh"]);
    expect(await names("dorvesh")).toEqual(["Dorvesh", "Dorvash", "Teller"]);
  });

  it("looks for typos only while the keyword as typed finds less than a page", async () => {
    // Intro words: trigram similarity (names only) plays no part.
    const many = Array.from({ length: TYPO_THRESHOLD }, (_, i) => ({
      key: `t-exact-${i}`,
      name: `Cartographer ${i}`,
      intro: "Charts the brindlemark.",
    }));
    await database.db
      .insert(robots)
      .values([...many, { key: "t-typo", name: "Surveyor", intro: "Charts the brundlemark." }]);
    const typed = await names("brindlemark");
    expect(typed).toHaveLength(TYPO_THRESHOLD);
    expect(typed).not.toContain("Surveyor");
    const other = await names("brundlemark");
    expect(other[0]).toBe("Surveyor");
    expect(other).toHaveLength(TYPO_THRESHOLD + 1);
    await database.db.delete(robots).where(inArray(robots.key, [...many.map((r) => r.key), "t-typo"]));
  });

  it("never widens a query to reveal a private character", async () => {
    expect(await names("Wolmarat")).toEqual([]);
  });

  it("finds a new character's words at once, and forgets them when it is renamed or deleted", async () => {
    const [row] = await database.db
      .insert(robots)
      .values({ key: "t-new", name: "Quillomere", intro: "Sings of the brantwhistle." })
      .returning({ id: robots.id });
    if (!row) throw new Error("insert failed");
    expect(await names("Quilomere")).toEqual(["Quillomere"]);
    expect(await names("brantwhistel")).toEqual(["Quillomere"]);

    await database.db.update(robots).set({ name: "Ostravel" }).where(eq(robots.id, row.id));
    expect(await names("Quilomere")).toEqual([]);
    expect(await names("Ostarvel")).toEqual(["Ostravel"]);
    const words = await database.db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(inArray(searchWords.word, ["quillomere", "ostravel", "brantwhistle"]));
    expect(words.map((w) => w.word).sort()).toEqual(["brantwhistle", "ostravel"]);

    await database.db.delete(robots).where(eq(robots.id, row.id));
    expect(await names("Ostarvel")).toEqual([]);
    expect(await names("brantwhistel")).toEqual([]);
    const left = await database.db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(inArray(searchWords.word, ["ostravel", "brantwhistle"]));
    expect(left).toEqual([]);
  });

  it("keeps use counts, so a word stays while another character still has it", async () => {
    const rows = await database.db
      .insert(robots)
      .values([
        { key: "t-share-1", name: "Fennimore One", intro: "Plain." },
        { key: "t-share-2", name: "Fennimore Two", intro: "Plain." },
      ])
      .returning({ id: robots.id });
    const count = async () =>
      (await database.db.select().from(searchWords).where(eq(searchWords.word, "fennimore")))[0]?.uses;
    expect(await count()).toBe(2);
    await database.db.delete(robots).where(eq(robots.id, rows[0]!.id));
    expect(await count()).toBe(1);
    expect(await names("Fenimore")).toEqual(["Fennimore Two"]);
  });
});
