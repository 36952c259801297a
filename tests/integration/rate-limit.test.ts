import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "@/server/db/types";
import type { KeyValueStore } from "@/server/modules/limits/key-value-store";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createRedisStore } from "@/server/modules/limits/redis-store";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

type StoreFactory = () => Promise<KeyValueStore>;
// The memory store reads Date.now() at each use, so a test can move its clock.
const stores: Array<[string, StoreFactory]> = [["memory", async () => createMemoryStore(() => Date.now())]];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) stores.push(["redis", () => createRedisStore(redisUrl, `kewl-test-${randomBytes(4).toString("hex")}:`)]);

describe.each(stores)("per-IP rate limit with the %s store", (_name, makeStore) => {
  let database: DbHandle;
  let store: KeyValueStore;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    store = await makeStore();
  });
  afterAll(async () => {
    await store?.close();
    await database?.close();
  });

  it("answers 429 with Retry-After once the limit is spent", async () => {
    const api = createTestApi(database, { RATE_LIMIT_PER_MINUTE: "5" }, store);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.request("/v1/health")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const res = await api.request("/v1/health");
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await res.json()).toMatchObject({ code: 429, data: { retry_after: retryAfter } });
  });

  it("counts per socket address; X-Forwarded-For is ignored unless a proxy is trusted, and then read from the right", async () => {
    const statuses = async (api: ReturnType<typeof createTestApi>, headers: Array<Record<string, string>>) => {
      const out: number[] = [];
      for (const h of headers) out.push((await api.request("/v1/health", { headers: h })).status);
      return out;
    };
    const direct = createTestApi(database, { RATE_LIMIT_PER_MINUTE: "2" }, store).from("198.51.100.7");
    // A client writing a new X-Forwarded-For each time still spends its own address's budget.
    expect(
      await statuses(
        direct,
        [1, 2, 3].map((i) => ({ "x-forwarded-for": `203.0.113.${i}` })),
      ),
    ).toEqual([200, 200, 429]);
    expect((await direct.from("198.51.100.8").request("/v1/health")).status).toBe(200);

    // Behind one trusted proxy (the socket's peer), the client is the entry that proxy appended: the rightmost one.
    const proxied = createTestApi(database, { RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY: "1" }, store).from("10.9.0.1");
    const spoofing = [1, 2, 3].map((i) => ({ "x-forwarded-for": `192.0.2.${i}, 203.0.113.50` }));
    expect(await statuses(proxied, spoofing)).toEqual([200, 200, 429]);
    expect(await statuses(proxied, [{ "x-forwarded-for": "203.0.113.51" }])).toEqual([200]);
  });

  it("claims a key only once within its lifetime", async () => {
    const key = `nonce-${randomBytes(4).toString("hex")}`;
    expect(await store.claim(key, 60_000)).toBe(true);
    expect(await store.claim(key, 60_000)).toBe(false);
  });

  it("counts concurrent hits exactly", async () => {
    const key = `burst-${randomBytes(4).toString("hex")}`;
    const results = await Promise.all(Array.from({ length: 50 }, () => store.hit(key, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it("grants at most limit leases at once, reuses a holder's own lease, and frees one on release", async () => {
    const key = `lease-${randomBytes(4).toString("hex")}`;
    const granted = await Promise.all(Array.from({ length: 10 }, (_, i) => store.acquire(key, `h${i}`, 2, 60_000)));
    expect(granted.filter(Boolean)).toHaveLength(2);
    const holder = `h${granted.indexOf(true)}`;
    expect(await store.acquire(key, holder, 2, 60_000)).toBe(true);
    expect(await store.acquire(key, "late", 2, 60_000)).toBe(false);
    await store.release(key, holder);
    expect(await store.acquire(key, "late", 2, 60_000)).toBe(true);
  });

  it("counts concurrent strikes exactly, reads a run without adding to it, and clears it", async () => {
    const key = `strikes-${randomBytes(4).toString("hex")}`;
    expect(await store.strikes(key)).toBeNull();
    const runs = await Promise.all(Array.from({ length: 20 }, () => store.strike(key, 60_000)));
    expect(runs.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const run = await store.strikes(key);
    expect(run?.count).toBe(20);
    expect(run?.sinceLastMs).toBeGreaterThanOrEqual(0);
    expect((await store.strikes(key))?.count).toBe(20);
    await store.clearStrikes(key);
    expect(await store.strikes(key)).toBeNull();
    expect((await store.strike(key, 60_000)).count).toBe(1);
  });

  it("lets an expired lease go by itself", async () => {
    const key = `lease-${randomBytes(4).toString("hex")}`;
    expect(await store.acquire(key, "a", 1, 60_000)).toBe(true);
    expect(await store.acquire(key, "b", 1, 60_000)).toBe(false);
    // Both stores time leases by this process's clock: move it past the lease's end instead of waiting for it.
    const later = Date.now() + 60_001;
    vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      expect(await store.acquire(key, "b", 1, 60_000)).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
