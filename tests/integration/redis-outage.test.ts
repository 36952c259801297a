import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "@/server/errors";
import { connectCatalogueInvalidation } from "@/server/modules/catalogue/catalogue-invalidation";
import type { DbHandle } from "@/server/db/types";
import { withMemoryFallback } from "@/server/modules/limits/fallback-store";
import type { KeyValueStore } from "@/server/modules/limits/key-value-store";
import { createRedisStore } from "@/server/modules/limits/redis-store";
import { createRobotAndModel, createUserWithSession } from "./helpers/fixtures";
import { recordingLogger } from "./helpers/recording-logger";
import { redisServer, type RedisServer } from "./helpers/redis-server";
import { createTestApi } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

/**
 * A redis-server of the test's own, killed and started again under the app: requests answer 2xx, 429 or 503
 * (never 500) while it is away, the store counts in memory then, and shares again once it is back. ioredis prints
 * "[ioredis] Unhandled error event" through console.error when a client has no error listener: none may appear.
 */
describe("a Redis outage", () => {
  let redis: RedisServer;
  let database: DbHandle;
  const stores: KeyValueStore[] = [];
  const consoleError = vi.spyOn(console, "error");
  const ioredisComplaints = () =>
    consoleError.mock.calls.filter((args) => args.some((a) => typeof a === "string" && a.includes("[ioredis]")));

  beforeAll(async () => {
    redis = await redisServer();
    await redis.start();
    database = await createTestDatabase("pglite");
  });
  afterEach(() => expect(ioredisComplaints()).toEqual([]));
  afterAll(async () => {
    for (const store of stores) await store.close();
    await redis?.stop();
    await database?.close();
    consoleError.mockRestore();
  });

  const open = async (logger = recordingLogger()) => {
    const prefix = `kewl-test-${randomBytes(4).toString("hex")}:`;
    const store = withMemoryFallback(await createRedisStore(redis.url, prefix), logger);
    stores.push(store);
    return { store, logger, prefix };
  };

  it("falls back to memory (429s, no 500s), refuses shared leases with 503, and shares again once Redis is back", async () => {
    const { store, logger } = await open();
    const alone = withMemoryFallback(
      await createRedisStore(redis.url, `kewl-test-alone-${randomBytes(4).toString("hex")}:`),
      recordingLogger(),
      undefined,
      async () => true,
    );
    stores.push(alone);
    const api = createTestApi(database, { RATE_LIMIT_PER_MINUTE: "4" }, store).from("198.51.100.20");
    const robotId = await createRobotAndModel(database.db, "outage-bot", "Outage", "outage-model");
    const { token } = await createUserWithSession(database.db);
    const auth = { authorization: `Bearer ${token}` };
    const user = createTestApi(database, {}, store).from("198.51.100.21");
    const chats = await Promise.all(
      [1, 2].map(async () => {
        const res = await user.post("/v1/chat_session/create", { robot_id: robotId }, auth);
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { chat: { id: string } } }).data.chat.id;
      }),
    );
    expect((await api.request("/v1/health")).status).toBe(200);
    let reconnected!: () => void;
    const invalidationBack = new Promise<void>((resolve) => (reconnected = resolve));
    const invalidation = await connectCatalogueInvalidation(redis.url, {
      logger,
      channel: `kewl-test-outage-${randomBytes(4).toString("hex")}`,
      clear: () => undefined,
      onCleared: (why) => why === "reconnected" && reconnected(),
    });

    await redis.signal("SIGKILL");
    await logger.until("Redis unavailable");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.request("/v1/health")).status);
    // This instance's memory counts from zero: 4 allowed, then 429.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);

    // Deleting a chat needs its lease to hold across instances: 503 with Retry-After, in the header and the envelope.
    const refused = await user.post("/v1/chat_session/delete", { chat_id: chats[0] }, auth);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({ code: 503, data: { retry_after: 5 } });
    const send = await user.post(
      "/v1/chat_session/chat",
      { robot_id: robotId, message: "hi", chat_id: chats[0] },
      auth,
    );
    expect(send.status).toBe(503);
    expect(await send.json()).toMatchObject({ code: 503, data: { retry_after: 5 } });
    await expect(store.acquire("lease-x", "h", 1, 60_000, { shared: "required" })).rejects.toBeInstanceOf(AppError);
    // A process that knows it is the site's only one keeps such leases in its memory, which is then the site's.
    expect(await alone.acquire("lease-x", "h1", 1, 60_000, { shared: "required" })).toBe(true);
    expect(await alone.acquire("lease-x", "h2", 1, 60_000, { shared: "required" })).toBe(false);
    // Quotas and nonces hold per instance meanwhile.
    expect(await store.acquire("quota-x", "h1", 1, 60_000)).toBe(true);
    expect(await store.acquire("quota-x", "h2", 1, 60_000)).toBe(false);
    expect(await store.claim("nonce-x", 60_000)).toBe(true);
    expect(await store.claim("nonce-x", 60_000)).toBe(false);
    expect(logger.count("Redis unavailable")).toBe(1);

    await redis.start();
    await logger.until("Redis is back");
    expect(logger.count("Redis is back")).toBe(1);
    await invalidationBack;
    await invalidation.close();
    const deleted = await user.post("/v1/chat_session/delete", { chat_id: chats[1] }, auth);
    expect(deleted.status, `${await deleted.text()} ${JSON.stringify(logger.lines)}`).toBe(200);
    // Shared again: a second instance on the same Redis sees the first one's counter.
    const other = withMemoryFallback(await createRedisStore(redis.url, "kewl-shared-check:"), recordingLogger());
    stores.push(other);
    const mine = withMemoryFallback(await createRedisStore(redis.url, "kewl-shared-check:"), recordingLogger());
    stores.push(mine);
    await mine.hit("k", 60_000);
    expect((await other.hit("k", 60_000)).count).toBe(2);
    expect(logger.lines.filter((line) => line.level === "error")).toEqual([]);
  });

  it("answers from memory within the command timeout while Redis hangs, and shares again once it answers", async () => {
    const { store, logger, prefix } = await open();
    await store.hit("hang", 60_000);
    await redis.signal("SIGSTOP");
    try {
      const started = Date.now();
      expect(await store.hit("hang", 60_000)).toMatchObject({ count: 1 });
      expect(Date.now() - started).toBeLessThan(2000);
      await logger.until("Redis unavailable");
      // Later calls do not wait for the hung server at all.
      const next = Date.now();
      await store.hit("hang", 60_000);
      expect(Date.now() - next).toBeLessThan(100);
    } finally {
      await redis.signal("SIGCONT");
    }
    await logger.until("Redis is back");
    // The call that timed out may still have run once Redis woke up: check sharing on a key of its own.
    const other = withMemoryFallback(await createRedisStore(redis.url, prefix), recordingLogger());
    stores.push(other);
    await other.hit("after", 60_000);
    expect((await store.hit("after", 60_000)).count).toBe(2);
  });

  it("waits at start for a Redis that is not up yet, and names REDIS_URL when it gives up", async () => {
    await redis.signal("SIGTERM");
    const err = await createRedisStore(redis.url, "kewl-start:", { startRetryMs: 300 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/REDIS_URL \(redis:\/\/127\.0\.0\.1:\d+\/?\)/);

    let starting: Promise<void> | undefined;
    const store = await createRedisStore(redis.url, "kewl-start:", {
      startRetryMs: 20_000,
      onStartRetry: () => void (starting ??= redis.start()),
    });
    stores.push(store);
    expect(starting).toBeDefined();
    expect((await store.hit("k", 1000)).count).toBe(1);
  });
});
