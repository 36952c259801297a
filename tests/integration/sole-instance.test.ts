import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverInstances } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { processInstanceId } from "@/server/modules/instances/process-instance";
import { soleLiveInstance } from "@/server/modules/instances/sole-instance";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

describe.each(testDrivers())("whether this process is the site's only one, on %s", (driver) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  it("is alone with only its own row or lapsed ones, not while another process's row is alive", async () => {
    const { db } = database;
    await db.insert(serverInstances).values({ id: processInstanceId(), aliveUntil: sql`now() + interval '1 hour'` });
    await db.insert(serverInstances).values({ id: `gone-${driver}`, aliveUntil: sql`now() - interval '1 second'` });
    expect(await soleLiveInstance(db)()).toBe(true);
    await db
      .update(serverInstances)
      .set({ aliveUntil: sql`now() + interval '1 hour'` })
      .where(eq(serverInstances.id, `gone-${driver}`));
    expect(await soleLiveInstance(db)()).toBe(false);
  });
});
