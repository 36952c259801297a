import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots, users } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { ageAllows, visibleCharacters, type CharacterAudience } from "@/server/modules/catalogue/character-visibility";
import { createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("who may see a character, on %s", (driver) => {
  let database: DbHandle;
  let owner: string;
  let other: string;
  let ids: number[];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    owner = (await createUserWithSession(database.db, "Owner")).user.id;
    other = (await createUserWithSession(database.db, "Other")).user.id;
    const rows = await database.db
      .insert(robots)
      .values([
        { key: "vis-public", name: "Public", creatorId: other },
        { key: "vis-public-nsfw", name: "Public NSFW", nsfw: true },
        { key: "vis-private", name: "Private", visibility: "private", creatorId: owner },
        { key: "vis-private-nsfw", name: "Private NSFW", visibility: "private", nsfw: true, creatorId: owner },
        { key: "vis-private-other", name: "Someone else's", visibility: "private", creatorId: other },
        { key: "vis-private-orphan", name: "Creator gone", visibility: "private" },
      ])
      .returning({ id: robots.id });
    ids = rows.map((r) => r.id);
  });
  afterAll(async () => database?.close());

  async function seen(audience: CharacterAudience): Promise<string[]> {
    const rows = await database.db
      .select({ key: robots.key })
      .from(robots)
      .where(and(inArray(robots.id, ids), visibleCharacters(audience)))
      .orderBy(asc(robots.id));
    return rows.map((r) => r.key);
  }

  it("lists public characters only, NSFW ones only with the viewer's NSFW setting", async () => {
    expect(await seen({ nsfw: false })).toEqual(["vis-public"]);
    expect(await seen({ nsfw: true })).toEqual(["vis-public", "vis-public-nsfw"]);
  });

  it("shows an owner their own private characters, never someone else's", async () => {
    expect(await seen({ owner, nsfw: false })).toEqual(["vis-public", "vis-private"]);
    const all = ["vis-public", "vis-public-nsfw", "vis-private", "vis-private-nsfw"];
    expect(await seen({ owner, nsfw: true })).toEqual(all);
    expect(await seen({ owner: other, nsfw: true })).toEqual(["vis-public", "vis-public-nsfw", "vis-private-other"]);
  });

  it("takes the owner from a column, as the chat send's statement does with the session's user", async () => {
    const rows = await database.db
      .select({ key: robots.key })
      .from(users)
      .innerJoin(robots, and(inArray(robots.id, ids), visibleCharacters({ owner: users.id, nsfw: true })))
      .where(eq(users.id, owner))
      .orderBy(asc(robots.id));
    expect(rows.map((r) => r.key)).toEqual(["vis-public", "vis-public-nsfw", "vis-private", "vis-private-nsfw"]);
  });

  it("opens NSFW characters only after the age check", () => {
    expect(ageAllows({ nsfw: false }, { ageVerified: false, nsfw: false })).toBe(true);
    expect(ageAllows({ nsfw: true }, { ageVerified: false, nsfw: false })).toBe(false);
    expect(ageAllows({ nsfw: true }, { ageVerified: true, nsfw: false })).toBe(true);
  });
});
