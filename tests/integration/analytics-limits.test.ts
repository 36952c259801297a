import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/server/db/types";
import { createLogger } from "@/server/logger";
import { createEventWriter } from "@/server/modules/analytics/event-writer";
import type { KeyValueStore } from "@/server/modules/limits/key-value-store";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createRedisStore } from "@/server/modules/limits/redis-store";
import { openSdkPage, type SdkPage } from "@/tests/support/sa-sdk-browser";
import { collectorApi, ORIGIN, postForm, READ_TOKEN, sdkEvent, storedEvents, uniqueId } from "./analytics-support";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

type StoreFactory = () => Promise<KeyValueStore>;
const stores: Array<[string, StoreFactory]> = [["memory", async () => createMemoryStore()]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) stores.push(["redis", () => createRedisStore(redisUrl, `kewl-test-${randomBytes(4).toString("hex")}:`)]);

let database: DbHandle;
let page: SdkPage;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
  page = openSdkPage(`${ORIGIN}/`, async () => 200);
});
afterAll(async () => {
  page?.close();
  await database?.close();
});

const batchOf = (id: string, count: number) =>
  page.encodeBatch(Array.from({ length: count }, (_, i) => sdkEvent(id, { login_id: id, _track_id: i })));

describe.each(stores)("the collector's per-address limit with the %s store", (_name, makeStore) => {
  let store: KeyValueStore;
  beforeAll(async () => {
    store = await makeStore();
  });
  afterAll(async () => store?.close());

  it("counts events per address per minute: past the limit 429 with Retry-After and nothing kept", async () => {
    const api = collectorApi(database, { ANALYTICS_RATE_LIMIT_PER_MINUTE: "10" }, store).from("198.51.100.61");
    const id = uniqueId("flood");
    const first = await postForm(api, batchOf(id, 8));
    expect(first.status).toBe(200);
    const second = await postForm(api, batchOf(`${id}-more`, 3));
    expect(second.status).toBe(429);
    const retry = Number(second.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await second.json()).toMatchObject({ code: 429, data: { retry_after: retry } });
    expect((await api.request(`/v1/sa.gif?${page.encodeSingle(sdkEvent(`${id}-gif`))}`)).status).toBe(429);

    // Another address has its own budget; the API's own limit is another budget too.
    expect((await postForm(api.from("198.51.100.62"), batchOf(`${id}-other`, 10))).status).toBe(200);
    expect((await api.request("/v1/health")).status).toBe(200);

    const ids = (await storedEvents(api)).map((e) => e.distinct_id);
    expect(ids.filter((d) => d === id)).toHaveLength(8);
    expect(ids.filter((d) => d === `${id}-other`)).toHaveLength(10);
    expect(ids.some((d) => d === `${id}-more` || d === `${id}-gif`)).toBe(false);
    await api.deps.analytics.close();
  });

  it("keeps at most ANALYTICS_DAILY_KB_PER_ADDRESS of events per address; the rest dropped with a 200", async () => {
    const api = collectorApi(database, { ANALYTICS_DAILY_KB_PER_ADDRESS: "4" }, store).from("198.51.100.64");
    const id = uniqueId("bytes");
    // About 500 bytes stored per event: 4 KB holds some of the first batch and nothing of the second.
    const first = await postForm(api, batchOf(id, 12));
    expect(first.status).toBe(200);
    const { accepted, dropped } = ((await first.json()) as { data: { accepted: number; dropped: number } }).data;
    expect(accepted).toBeGreaterThan(2);
    expect(accepted).toBeLessThan(12);
    expect(accepted + dropped).toBe(12);
    const second = await postForm(api, batchOf(`${id}-later`, 3));
    expect(await second.json()).toMatchObject({ code: 0, data: { accepted: 0, rejected: 0, dropped: 3 } });
    // A single event by image still answers its pixel.
    const gif = await api.request(`/v1/sa.gif?${page.encodeSingle(sdkEvent(`${id}-gif`))}`);
    expect(gif.status).toBe(200);
    expect(gif.headers.get("content-type")).toBe("image/gif");
    // Another address has its own budget.
    expect(await (await postForm(api.from("198.51.100.65"), batchOf(`${id}-other`, 3))).json()).toMatchObject({
      data: { accepted: 3, dropped: 0 },
    });

    const ids = (await storedEvents(api)).map((e) => e.distinct_id);
    expect(ids.filter((d) => d === id)).toHaveLength(accepted);
    expect(ids.filter((d) => d === `${id}-other`)).toHaveLength(3);
    expect(ids.some((d) => d === `${id}-later` || d === `${id}-gif`)).toBe(false);
    expect(api.deps.analytics.stats().overBudget).toBe(dropped + 4);
    await api.deps.analytics.close();
  });

  it("counts refused requests too: garbage cannot flood past the limit", async () => {
    const api = collectorApi(database, { ANALYTICS_RATE_LIMIT_PER_MINUTE: "3" }, store).from("198.51.100.63");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postForm(api, "data=%21%21")).status);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    await api.deps.analytics.close();
  });
});

describe("the collector's queue", () => {
  it("refuses a request whose events do not fit (503, Retry-After) without waiting, and writes the rest", async () => {
    const api = collectorApi(database);
    await api.deps.analytics.close();
    // A queue of 5 that is only written when asked to.
    const writer = createEventWriter(database, createLogger("silent"), { maxQueued: 5, flushEveryMs: 3_600_000 });
    api.deps.analytics = writer;
    const id = uniqueId("queue");
    expect((await postForm(api, batchOf(id, 4))).status).toBe(200);
    const full = await postForm(api, batchOf(`${id}-late`, 2));
    expect(full.status).toBe(503);
    expect(full.headers.get("retry-after")).toBe("5");
    expect(writer.stats()).toMatchObject({ queued: 4, dropped: 2, written: 0 });

    await writer.flush();
    expect(writer.stats()).toMatchObject({ queued: 0, written: 4 });
    expect((await postForm(api, batchOf(`${id}-late`, 2))).status).toBe(200);
    const ids = (await storedEvents(api)).map((e) => e.distinct_id);
    expect(ids.filter((d) => d === id)).toHaveLength(4);
    expect(ids.filter((d) => d === `${id}-late`)).toHaveLength(2);
    await writer.close();
  });

  it("writes what is queued when closed (shutdown), and refuses events after that", async () => {
    const api = collectorApi(database);
    await api.deps.analytics.close();
    const writer = createEventWriter(database, createLogger("silent"), { flushEveryMs: 3_600_000 });
    api.deps.analytics = writer;
    const id = uniqueId("closing");
    expect((await postForm(api, batchOf(id, 3))).status).toBe(200);
    expect(writer.stats().queued).toBe(3);
    await writer.close();
    expect(writer.stats()).toMatchObject({ queued: 0, written: 3 });
    expect((await postForm(api, batchOf(`${id}-after`, 1))).status).toBe(503);

    api.deps.analytics = createEventWriter(database, createLogger("silent"));
    expect((await storedEvents(api)).filter((e) => e.distinct_id === id)).toHaveLength(3);
    await api.deps.analytics.close();
  });
});

describe("the operator's read API", () => {
  const get = (api: ReturnType<typeof createTestApi>, path: string, token?: string) =>
    api.request(path, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it("does not exist without ANALYTICS_READ_TOKEN (404), and needs that token as the bearer (401)", async () => {
    const off = createTestApi(database);
    for (const path of ["/v1/analytics/events", "/v1/analytics/daily?from=2026-01-01&to=2026-01-02"]) {
      expect((await get(off, path)).status).toBe(404);
      expect((await get(off, path, READ_TOKEN)).status).toBe(404);
    }
    await off.deps.analytics.close();

    const on = collectorApi(database);
    expect((await get(on, "/v1/analytics/events")).status).toBe(401);
    expect((await get(on, "/v1/analytics/events", `${READ_TOKEN}x`)).status).toBe(401);
    expect((await get(on, "/v1/analytics/events", "short")).status).toBe(401);
    expect((await get(on, "/v1/analytics/events", READ_TOKEN)).status).toBe(200);
    await on.deps.analytics.close();
  });

  it("lists events newest first, by name and since a time, at most 500; validates its query", async () => {
    const api = collectorApi(database);
    const id = uniqueId("read");
    const events = [
      sdkEvent(id, { event: "kewlweb_click", _track_id: 1 }),
      sdkEvent(id, { event: "$pageview", _track_id: 2, properties: { $url: `${ORIGIN}/a`, $url_path: "/a" } }),
    ];
    const since = Date.now();
    expect((await postForm(api, page.encodeBatch([events[0]!]))).status).toBe(200);
    await api.deps.analytics.flush();
    expect((await postForm(api, page.encodeBatch([events[1]!]))).status).toBe(200);
    await api.deps.analytics.flush();

    const all = (await storedEvents(api, { since: String(since) })).filter((e) => e.distinct_id === id);
    expect(all.map((e) => e.event)).toEqual(["$pageview", "kewlweb_click"]);
    expect(all[0]!.path).toBe("/a");
    const views = await storedEvents(api, { since: String(since), event: "$pageview" });
    expect(views.every((e) => e.event === "$pageview")).toBe(true);
    expect(await storedEvents(api, { since: String(Date.now() + 60_000) })).toEqual([]);

    for (const query of ["limit=501", "limit=0", "since=yesterday", `event=${"e".repeat(101)}`]) {
      expect((await get(api, `/v1/analytics/events?${query}`, READ_TOKEN)).status).toBe(400);
    }
    for (const query of ["from=2026-01-02&to=2026-01-01", "from=2026-02-30&to=2026-03-01", "from=2026-01-01"]) {
      expect((await get(api, `/v1/analytics/daily?${query}`, READ_TOKEN)).status).toBe(400);
    }
    expect((await get(api, "/v1/analytics/daily?from=2026-01-01&to=2026-04-03", READ_TOKEN)).status).toBe(400);
    await api.deps.analytics.close();
  });
});
