import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/server/db/database-errors";
import { openDatabase } from "@/server/db/open-database";
import { createPostgresPool } from "@/server/db/postgres-pool";
import { pooledDatabase } from "./helpers/silent-postgres";
import { createTestApi } from "./helpers/test-api";

/**
 * A Postgres server that cannot be reached: one that accepts connections and never answers (a hung host, a
 * half-open network path), and a port nobody listens on. Needs no real server, so it runs everywhere.
 */
describe("an unreachable Postgres server", () => {
  let silent: net.Server;
  let silentUrl: string;
  let closedUrl: string;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentUrl = `postgresql://kewl@127.0.0.1:${(silent.address() as AddressInfo).port}/kewl`;
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    closedUrl = `postgresql://kewl@127.0.0.1:${(closed.address() as AddressInfo).port}/kewl`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("fails start-up with a connection timeout instead of hanging, once its retries are spent", async () => {
    const opening = openDatabase({ databaseUrl: silentUrl, connectTimeoutMs: 200, startRetryMs: 0 });
    const err = await opening.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("fails start-up on a refused connection as unavailable", async () => {
    const retries: unknown[] = [];
    const err = await openDatabase({
      databaseUrl: closedUrl,
      // The first retry comes 250 ms after the first attempt, and only within this budget: 300 ms left a refused
      // attempt 50 ms on a loaded machine, and one took longer (no retry). 3 s gives up after about 1.75 s.
      startRetryMs: 3000,
      onStartRetry: (e) => retries.push(e),
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries.every(isDatabaseUnavailable)).toBe(true);
  });

  it("fails a new connection at the connect timeout, however long the queue timeout", async () => {
    const pool = createPostgresPool({
      connectionString: silentUrl,
      max: 1,
      connectionTimeoutMillis: 200,
      // Far beyond the test's own time limit: only the connection's own timeout can end this query in time.
      queueTimeoutMillis: 600_000,
      options: "",
      onConnectionError: () => undefined,
    });
    try {
      const failed = await pool.query("select 1").then(
        () => null,
        (err: unknown) => err,
      );
      expect(failed).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failed)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it("answers API requests with a 503 envelope within the connect timeout", async () => {
    const database = pooledDatabase(silentUrl, 200);
    try {
      const api = createTestApi(database);
      for (const res of await Promise.all([
        api.request("/v1/buy_coin/wallet", { headers: { authorization: "Bearer some-well-formed-token-value" } }),
        api.post("/v1/tag/list", {}),
        api.post(
          "/v1/chat_session/chat",
          { robot_id: 1, message: "hi" },
          { authorization: "Bearer some-well-formed-token-value" },
        ),
      ])) {
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("2");
        expect(await res.json()).toEqual({ code: 503, msg: expect.stringContaining("unavailable"), data: null });
      }
      const health = await api.request("/v1/health");
      expect(health.status).toBe(503);
    } finally {
      await database.close();
    }
  });
});
