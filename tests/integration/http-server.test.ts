import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import type { ApiEnv } from "@/server/api/context";
import { createHttpServer } from "@/server/http-server";

function apiWith(routes: (app: Hono<ApiEnv>) => void): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  routes(app);
  return app;
}

async function listen(server: ReturnType<typeof createHttpServer>): Promise<string> {
  await new Promise<void>((resolve) => server.server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

let current: ReturnType<typeof createHttpServer> | undefined;
afterEach(async () => {
  if (current?.server.listening) await current.shutdown(10);
  current = undefined;
});

describe("the one HTTP server", () => {
  it("routes /v1 to the API and everything else to the page handler", async () => {
    current = createHttpServer(apiWith((app) => app.get("/v1/ping", (c) => c.text("api"))));
    current.setPageHandler((_req, res) => {
      res.end("pages");
    });
    const base = await listen(current);
    expect(await (await fetch(`${base}/v1/ping`)).text()).toBe("api");
    expect(await (await fetch(`${base}/v1x`)).text()).toBe("pages");
    expect(await (await fetch(`${base}/character/1`)).text()).toBe("pages");
  });

  it("answers 503 for pages until Next is ready", async () => {
    current = createHttpServer(apiWith(() => {}));
    const base = await listen(current);
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
  });

  it("lets an in-flight request finish on shutdown and refuses new connections", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const reachedHandler = new Promise<void>((r) => (arrived = r));
    current = createHttpServer(
      apiWith((app) =>
        app.get("/v1/slow", async (c) => {
          arrived();
          await gate;
          return c.text("finished");
        }),
      ),
    );
    const base = await listen(current);
    const inflight = fetch(`${base}/v1/slow`).then((r) => r.text());
    await reachedHandler;
    const stopped = current.shutdown(5_000);
    await expect(fetch(`${base}/v1/slow`)).rejects.toThrow();
    release();
    expect(await inflight).toBe("finished");
    await stopped;
    expect(current.server.listening).toBe(false);
  });

  it("force-closes a stream that outlives the deadline", async () => {
    current = createHttpServer(apiWith(() => {}));
    current.setPageHandler((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: {}\n\n"); // never ends on its own
    });
    const base = await listen(current);
    const res = await fetch(`${base}/stream`);
    const reader = res.body!.getReader();
    await reader.read();
    await current.shutdown(200);
    await expect(reader.read()).rejects.toThrow();
  });
});
