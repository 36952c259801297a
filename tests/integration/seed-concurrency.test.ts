import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { robots, tags } from "@/server/db/schema";
import { DEMO_CHARACTERS } from "@/server/db/seed/demo-characters";
import { DEMO_TAGS } from "@/server/db/seed/demo-tags";
import { seedDemo } from "@/server/db/seed/seed-demo";
import type { DbHandle } from "@/server/db/types";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

/** Several processes starting at once on one empty database (WEB_CONCURRENCY, several machines): one seed. */
describe.each(testDrivers())("the demo seed run by several starts at once on %s", (driver) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  it("loads the catalogue once, and the others find it loaded", async () => {
    const results = await Promise.all([seedDemo(database.db), seedDemo(database.db), seedDemo(database.db)]);
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(results.map((r) => r.characters)).toEqual(Array(3).fill(DEMO_CHARACTERS.length));
    const [characters] = await database.db.select({ n: count() }).from(robots);
    const [tagRows] = await database.db.select({ n: count() }).from(tags);
    expect(characters?.n).toBe(DEMO_CHARACTERS.length);
    expect(tagRows?.n).toBe(DEMO_TAGS.length);
  });
});
