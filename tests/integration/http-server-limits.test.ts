import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "@/server/api/app";
import type { ApiEnv } from "@/server/api/context";
import { parseConfig } from "@/server/config";
import type { DbHandle } from "@/server/db/types";
import { createHttpServer } from "@/server/http-server";
import { createLogger } from "@/server/logger";
import { createEventWriter } from "@/server/modules/analytics/event-writer";
import { createMemoryStore } from "@/server/modules/limits/memory-store";
import { createMockProvider } from "@/tests/support/mock-model";
import { randomLoopback, requestFrom } from "../support/loopback-client";
import { endlessUpload, next, text } from "./helpers/endless-upload";
import { testLocalStorage } from "./helpers/test-api";
import { createTestDatabase } from "./helpers/test-database";

const LIMIT = 64 * 1024;

let database: DbHandle;
let current: ReturnType<typeof createHttpServer> | undefined;
beforeAll(async () => {
  database = await createTestDatabase("pglite");
});
afterEach(async () => {
  if (current?.server.listening) await current.shutdown(10);
  current = undefined;
});
afterAll(async () => {
  await database?.close();
});

/** The real server: the /v1 API on PGlite (or `api`), with these settings, on 127.0.0.1 and a free port. */
async function start(env: Record<string, string>, api?: Hono<ApiEnv>): Promise<{ port: number; base: string }> {
  const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", BODY_LIMIT_BYTES: String(LIMIT), ...env });
  const deps = {
    config,
    database,
    store: createMemoryStore(),
    logger: createLogger("silent"),
    llm: createMockProvider(),
    payments: null,
    storage: testLocalStorage(),
    analytics: createEventWriter(database, createLogger("silent")),
  };
  current = createHttpServer(api ?? createApi(deps), { config });
  await new Promise<void>((resolve) => current!.server.listen(0, "127.0.0.1", resolve));
  const { port } = current.server.address() as AddressInfo;
  return { port, base: `http://127.0.0.1:${port}` };
}

/** A raw connection that sends `head` and then nothing: what it was answered, once the server closed it. */
async function stalled(port: number, head: string): Promise<string> {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => (received += d.toString()));
  socket.on("error", () => undefined);
  socket.write(head);
  await next(socket, "close");
  return received;
}

describe("request bodies", () => {
  const endlessJson = (url: string) =>
    endlessUpload(current!.server, url, {
      contentType: "application/json",
      head: "{",
      chunk: Buffer.alloc(16 * 1024, 0x20),
    });

  it("answers 413 while a chunked body past the limit is still being sent, and reads no more of it", async () => {
    const { base } = await start({});
    const { res, body, endedBody, sent, serverRead } = await endlessJson(`${base}/v1/tag/list`);
    expect(endedBody).toBe(false);
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe("close");
    expect(JSON.parse(body)).toEqual({ code: 413, msg: "Request body too large", data: null });
    // The server stopped reading at the limit (plus socket buffers), however much the client pushed.
    expect(serverRead).toBeLessThan(LIMIT + 1024 * 1024);
    expect(sent).toBeGreaterThan(LIMIT);
  });

  it("closes rather than reads the rest when it answers before the body (a 429 ahead of the body's parsing)", async () => {
    const { base } = await start({ RATE_LIMIT_PER_MINUTE: "1" });
    const health = await fetch(`${base}/v1/health`);
    expect(health.status).toBe(200);
    const { res, endedBody, serverRead } = await endlessJson(`${base}/v1/tag/list`);
    expect(endedBody).toBe(false);
    expect(res.statusCode).toBe(429);
    expect(serverRead).toBeLessThan(1024 * 1024);
  });

  it("answers 413 at once for a declared Content-Length over the limit", async () => {
    const { base } = await start({});
    const req = http.request(`${base}/v1/tag/list`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(500 * 1024 * 1024) },
      agent: false,
    });
    req.on("error", () => undefined);
    req.write("{");
    const res = await new Promise<http.IncomingMessage>((resolve) => req.once("response", resolve));
    expect(res.statusCode).toBe(413);
    expect((await text(res)).includes('"code":413')).toBe(true);
  });

  it("still takes a body under the limit, chunked or with a length, on a kept-alive connection", async () => {
    const { base } = await start({});
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = `{${" ".repeat(LIMIT - 10)}}`;
      for (const headers of [{ "content-length": String(Buffer.byteLength(body)) }, {}]) {
        const req = http.request(`${base}/v1/tag/list`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          agent,
        });
        const response = new Promise<http.IncomingMessage>((resolve) => req.once("response", resolve));
        req.write(body.slice(0, 1000));
        req.end(body.slice(1000));
        const res = await response;
        expect(res.statusCode).toBe(200);
        expect(JSON.parse(await text(res))).toMatchObject({ code: 0, data: { list: expect.any(Array) } });
      }
    } finally {
      agent.destroy();
    }
  });
});

describe("slow clients", () => {
  const slow = { HEADERS_TIMEOUT_MS: "200", REQUEST_TIMEOUT_MS: "400" };

  it("cuts a client that does not finish its headers (408, then close)", async () => {
    const { port } = await start(slow);
    expect(await stalled(port, "GET /v1/health HTTP/1.1\r\nHost: kewl\r\nX-Slow: ")).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("cuts a client that trickles its body", async () => {
    const { port } = await start(slow);
    const head =
      "POST /v1/tag/list HTTP/1.1\r\nHost: kewl\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{ ";
    expect(await stalled(port, head)).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("never cuts a reply streamed long after its request came in (a chat's server-sent events over a POST)", async () => {
    let send!: (frame: string) => void;
    let finish!: () => void;
    const api = new Hono<ApiEnv>();
    api.post("/v1/stream", async (c) => {
      await c.req.text();
      const stream = new ReadableStream<string>({
        start(controller) {
          send = (frame) => controller.enqueue(frame);
          finish = () => controller.close();
          controller.enqueue("event: start\ndata: {}\n\n");
        },
      });
      return new Response(stream.pipeThrough(new TextEncoderStream()), {
        headers: { "content-type": "text/event-stream" },
      });
    });
    api.post("/v1/sink", async (c) => c.text(await c.req.text().catch(() => "cut")));
    const { port, base } = await start(slow, api);

    const req = http.request(`${base}/v1/stream`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      agent: false,
    });
    const response = new Promise<http.IncomingMessage>((resolve) => req.once("response", resolve));
    req.end("{}");
    const res = await response;
    let received = "";
    res.setEncoding("utf8");
    const firstFrame = new Promise<void>((resolve) => res.once("data", () => resolve()));
    res.on("data", (d: string) => (received += d));
    const ended = next(res, "end");
    await firstFrame;

    // A request begun after this one, whose body never completes, is cut by the request timeout...
    const later =
      "POST /v1/sink HTTP/1.1\r\nHost: kewl\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{";
    expect(await stalled(port, later)).toMatch(/^HTTP\/1\.1 408 /);
    // ...so this one is past it too, and its reply still flows to the end.
    send('event: delta\ndata: {"text":"still here"}\n\n');
    finish();
    await ended;
    expect(received).toContain("event: start");
    expect(received).toContain("still here");
  });
});

describe("page requests", () => {
  it("are limited per address in the shared store, static files and the API aside; past it 429 without reaching Next", async () => {
    const config = parseConfig({ NODE_ENV: "test", PAGE_RATE_LIMIT_PER_MINUTE: "3" });
    const store = createMemoryStore();
    const api = new Hono<ApiEnv>();
    api.get("/v1/ping", (c) => c.text("api"));
    // Two instances on one store, as behind a load balancer: the count is the address's, not the instance's.
    const servers = [createHttpServer(api, { config, store }), createHttpServer(api, { config, store })];
    const bases: string[] = [];
    let pages = 0;
    try {
      for (const server of servers) {
        server.setPageHandler((_req, res) => {
          pages += 1;
          res.end("page");
        });
        await new Promise<void>((resolve) => server.server.listen(0, "127.0.0.1", resolve));
        bases.push(`http://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
      }
      const [one, two] = bases as [string, string];
      const visitor = randomLoopback();
      const get = (base: string, path: string, from = visitor) => requestFrom(from, `${base}${path}`);

      for (const [base, path] of [
        [one, "/search?q=dragon"],
        [two, "/"],
        [one, "/character/1?_rsc=abc"],
      ] as const) {
        expect((await get(base, path)).status).toBe(200);
      }
      const limited = await get(two, "/search?q=another");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await limited.text()).toContain("Too many requests");
      expect(pages).toBe(3);

      // Static files never count and are never refused; the API has its own limit.
      for (const path of [
        "/_next/static/chunks/main-app.js",
        "/icons/icon.svg",
        "/favicon.ico",
        "/manifest.webmanifest",
      ]) {
        expect(await (await get(one, path)).text()).toBe("page");
      }
      expect(await (await get(one, "/v1/ping")).text()).toBe("api");
      // Not static: the image optimiser (unused by the app, and costlier than a page).
      expect((await get(one, "/_next/image?url=%2Ficons%2Ficon.svg&w=64&q=75")).status).toBe(429);
      // Another address has its own budget.
      expect((await get(one, "/search?q=dragon", randomLoopback())).status).toBe(200);
    } finally {
      for (const server of servers) if (server.server.listening) await server.shutdown(10);
    }
  });

  /** A server whose page handler reads a body as Next does for a POST, answering once it has it all or 4 MB. */
  async function pagesReadingBodies(env: Record<string, string> = {}) {
    current = createHttpServer(new Hono<ApiEnv>(), { config: parseConfig({ NODE_ENV: "test", ...env }) });
    const seen: string[] = [];
    current.setPageHandler(async (req, res) => {
      seen.push(`${req.method} ${req.url}`);
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > 4 * 1024 * 1024) break;
      }
      res.end("page");
    });
    await new Promise<void>((resolve) => current!.server.listen(0, "127.0.0.1", resolve));
    return { base: `http://127.0.0.1:${(current.server.address() as AddressInfo).port}`, seen };
  }

  it("refuse a body on a method pages do not take (405 with Allow) without reading it", async () => {
    const { base, seen } = await pagesReadingBodies();
    const { res, body, endedBody, sent, serverRead } = await endlessUpload(current!.server, `${base}/`, {
      contentType: "application/x-www-form-urlencoded",
      head: "a=",
      chunk: Buffer.alloc(64 * 1024, 0x41),
    });
    expect(endedBody).toBe(false);
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expect(body).toBe("Method Not Allowed\n");
    expect(sent).toBeGreaterThan(256 * 1024);
    expect(serverRead).toBeLessThan(256 * 1024);
    expect(seen).toEqual([]);
  });

  it("take GET and HEAD; refuse PUT, DELETE, PATCH and OPTIONS; in development let Next's own tools POST", async () => {
    const { base, seen } = await pagesReadingBodies();
    expect(await (await fetch(`${base}/character/1`)).text()).toBe("page");
    expect((await fetch(`${base}/`, { method: "HEAD" })).status).toBe(200);
    for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
      expect((await fetch(`${base}/search`, { method, body: method === "OPTIONS" ? null : "x" })).status).toBe(405);
    }
    const devTools = "/__nextjs_original-stack-frames";
    expect((await fetch(`${base}${devTools}`, { method: "POST", body: "{}" })).status).toBe(405);
    expect(seen).toEqual(["GET /character/1", "HEAD /"]);
    await current!.shutdown(10);

    const dev = await pagesReadingBodies({ NODE_ENV: "development" });
    expect(await (await fetch(`${dev.base}${devTools}`, { method: "POST", body: "{}" })).text()).toBe("page");
    expect((await fetch(`${dev.base}/`, { method: "POST", body: "{}" })).status).toBe(405);
    expect(dev.seen).toEqual([`POST ${devTools}`]);
  });
});
