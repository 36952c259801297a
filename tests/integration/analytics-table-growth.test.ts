import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/server/db/types";
import { createLogger } from "@/server/logger";
import { createEventWriter } from "@/server/modules/analytics/event-writer";
import { readTableBytes, watchTableSize } from "@/server/modules/analytics/table-size";
import { collectorApi, postForm, sdkEvent, storedEvents, uniqueId } from "./analytics-support";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const MB = 1024 * 1024;

/** A batch body as the SDK sends it: `data_list=` and the base64 of the UTF-8 JSON. */
const batchBody = (events: unknown[]) =>
  "data_list=" + encodeURIComponent(Buffer.from(JSON.stringify(events)).toString("base64"));

/** An SDK event carrying about 15 kB of random text: 15 properties of 1,000 characters each (base64). */
function bigEvent(id: string, trackId: number): Record<string, unknown> {
  const filler = Object.fromEntries(
    Array.from({ length: 15 }, (_, i) => [`p${i}`, randomBytes(750).toString("base64")]),
  );
  const event = sdkEvent(id, { _track_id: trackId });
  return { ...event, properties: { ...(event.properties as object), ...filler } };
}

describe.each(testDrivers())("the analytics table's growth on %s", (driver) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  const tableBytes = () => readTableBytes(database.db);

  it("grows by at most 2 MB for 65 posts of 20 random 15 kB events from one address (its daily budget)", async () => {
    const api = collectorApi(database).from("198.51.100.90");
    const id = uniqueId("flood");
    const before = await tableBytes();
    const statuses: number[] = [];
    let dropped = 0;
    for (let post = 0; post < 65; post++) {
      const events = Array.from({ length: 20 }, (_, i) => bigEvent(id, post * 20 + i));
      const res = await postForm(api, batchBody(events));
      statuses.push(res.status);
      if (res.status === 200) dropped += ((await res.json()) as { data: { dropped: number } }).data.dropped;
    }
    await api.deps.analytics.close();
    const grown = (await tableBytes()) - before;

    expect(grown).toBeLessThanOrEqual(2 * MB);
    // Answered as the SDK expects (so it does not send the dropped events again); the per-minute limit's 429s
    // come only after 1,200 events.
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(dropped).toBeGreaterThan(1000);
    expect(api.deps.analytics.stats().overBudget).toBe(dropped);
    const kept = await storedEvents(collectorApi(database), { limit: "500" });
    expect(kept.filter((e) => e.distinct_id === id).length).toBeGreaterThan(0);
  });

  it("drops events once the table has reached its size cap, answering 200 with the count", async () => {
    const api = collectorApi(database).from("198.51.100.91");
    await api.deps.analytics.close();
    const cap = watchTableSize(database.db, (await tableBytes()) - 1, createLogger("silent"));
    await cap.refresh();
    const writer = createEventWriter(database, createLogger("silent"), { tableCap: cap });
    api.deps.analytics = writer;
    const id = uniqueId("capped");

    const res = await postForm(api, batchBody([sdkEvent(id, { _track_id: 1 }), sdkEvent(id, { _track_id: 2 })]));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 0, data: { accepted: 0, rejected: 0, dropped: 2 } });
    expect(writer.stats().capped).toBe(2);
    expect((await storedEvents(api)).some((e) => e.distinct_id === id)).toBe(false);
    await writer.close();
  });
});
