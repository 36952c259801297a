import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/server/api/app";
import type { DbHandle } from "@/server/db/types";
import { createHttpServer } from "@/server/http-server";
import { markShuttingDown } from "@/server/http/readiness";
import { withMemoryFallback } from "@/server/modules/limits/fallback-store";
import { createRedisStore } from "@/server/modules/limits/redis-store";
import { recordingLogger } from "./helpers/recording-logger";
import { redisServer, type RedisServer } from "./helpers/redis-server";
import { pooledDatabase, silentServer, type SilentServer } from "./helpers/silent-postgres";
import { createTestApi, type TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

interface Answer {
  status: number;
  ms: number;
  body: { code: number; msg: string; data: Record<string, unknown> };
}

async function ready(api: TestApi): Promise<Answer> {
  const started = Date.now();
  const res = await api.request("/v1/health/ready");
  return { status: res.status, ms: Date.now() - started, body: (await res.json()) as Answer["body"] };
}

/**
 * GET /v1/health/ready: 200 while the database and Redis (when configured) answer, else 503 naming what failed,
 * within about 2 s however the fault looks (a refused or hung database, a killed or paused Redis), and 503 from
 * the start of a shutdown while the listener still answers. GET /v1/health stays liveness.
 */
describe.each(testDrivers())("readiness on %s", (driver) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("answers 200 with the database's check, and no Redis check without Redis", async () => {
    const answer = await ready(createTestApi(database));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      code: 0,
      data: { status: "ready", shutting_down: false, database: { status: "up", driver } },
    });
    expect(answer.body.data).not.toHaveProperty("redis");
  });
});

describe("readiness while the database does not answer", () => {
  let silent: SilentServer;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(async () => {
    await silent?.close();
  });

  it("answers 503 naming the database within 2 s, even with a connect timeout far longer", async () => {
    const database = pooledDatabase(silent.url, 60_000);
    const answer = await ready(createTestApi(database));
    expect(answer.status).toBe(503);
    expect(answer.ms).toBeLessThan(2000);
    expect(answer.body).toMatchObject({
      code: 503,
      msg: "Not ready: database",
      data: { status: "not_ready", database: { status: "down", driver: "postgres" } },
    });
    await silent.close();
    await database.close().catch(() => undefined);
  });
});

describe("readiness with Redis", () => {
  let redis: RedisServer;
  let database: DbHandle;
  let api: TestApi;
  const logger = recordingLogger();
  beforeAll(async () => {
    redis = await redisServer();
    await redis.start();
    database = await createTestDatabase("pglite");
    api = createTestApi(database, {}, withMemoryFallback(await createRedisStore(redis.url), logger));
  });
  afterAll(async () => {
    await api?.deps.store.close();
    await redis?.stop();
    await database?.close();
  });

  it("answers 503 naming Redis while it is paused or killed, within 2 s, and 200 once it is back", async () => {
    expect(await ready(api)).toMatchObject({ status: 200, body: { data: { redis: { status: "up" } } } });

    await redis.signal("SIGSTOP");
    try {
      const paused = await ready(api);
      expect(paused.status).toBe(503);
      expect(paused.ms).toBeLessThan(2000);
      expect(paused.body).toMatchObject({ msg: "Not ready: redis", data: { database: { status: "up" } } });
    } finally {
      await redis.signal("SIGCONT");
    }

    await redis.signal("SIGKILL");
    const killed = await ready(api);
    expect(killed).toMatchObject({ status: 503, body: { msg: "Not ready: redis" } });
    // Liveness does not depend on Redis.
    expect((await api.request("/v1/health")).status).toBe(200);

    await redis.start();
    await logger.until("Redis is back");
    const answer = await ready(api);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: "ready", redis: { status: "up" } });
  });
});

// Last in the file: the flag is this process's and stays set.
describe("readiness during shutdown", () => {
  it("answers 503 from the moment shutdown begins, over the listener that is still open; liveness stays 200", async () => {
    const database = await createTestDatabase("pglite");
    const { deps } = createTestApi(database);
    const http = createHttpServer(createApi(deps), { config: deps.config });
    const port = await http.listen(0, "127.0.0.1");
    try {
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/v1/health/ready`)).status).toBe(200);
      markShuttingDown();
      const res = await fetch(`${base}/v1/health/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: 503,
        msg: "Not ready: shutting down",
        data: { status: "not_ready", shutting_down: true, database: { status: "up" } },
      });
      expect((await fetch(`${base}/v1/health`)).status).toBe(200);
    } finally {
      await http.shutdown(1000);
      await database.close();
    }
  });
});
