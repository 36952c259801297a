import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import { once } from "node:events";
import net, { type AddressInfo } from "node:net";
import type tls from "node:tls";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { streamChatCompletion } from "@/server/providers/llm/openai-chat-stream";
import { streamedPost, type ResponseReader } from "@/server/providers/llm/streamed-post";
import { createUpstreamPool, MAX_IDLE_SOCKETS } from "@/server/providers/llm/upstream-pool";
import { bareReplyRequest } from "@/tests/support/reply-request";

/**
 * The upstream connections of the reply's hot path on real sockets, plain and TLS: kept alive between requests,
 * and a reading paced by holds that still gets every byte (a TLS socket hands one read over as one callback per
 * record). Response parsing split at every byte: tests/unit/llm-streamed-post.test.ts.
 */

const WORDS = Array.from({ length: 40 }, (_, i) => (i === 0 ? "Word0" : ` word${i} é🎉`));

/** An OpenAI-style streamed reply, one word per write, each write after the last reached the socket. */
async function streamWords(res: http.ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const write = (text: string) => new Promise<void>((resolve) => res.write(text, () => resolve()));
  await write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: "assistant", content: "" } }] })}\n\n`);
  for (const word of WORDS)
    await write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: word } }] })}\n\n`);
  res.end("data: [DONE]\n\n");
}

let dir: string;
let cert: Buffer;
let key: Buffer;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-tls-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  cert = fs.readFileSync(path.join(dir, "cert.pem"));
  key = fs.readFileSync(path.join(dir, "key.pem"));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

describe.each(["http", "https"] as const)("upstream connections over %s", (scheme) => {
  let server: http.Server;
  let connections = 0;
  let origin: URL;

  beforeAll(async () => {
    server =
      scheme === "https"
        ? https.createServer({ key, cert }, (_req, res) => void streamWords(res))
        : http.createServer((_req, res) => void streamWords(res));
    server.on(scheme === "https" ? "secureConnection" : "connection", () => connections++);
    const port = await listen(server);
    origin = new URL(`${scheme}://localhost:${port}/v1/chat/completions`);
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const target = () => ({ url: origin, pool: createUpstreamPool(origin, { ca: cert }) });

  it("reads the whole reply with its reading paced, and keeps the connection for the next request", async () => {
    const upstream = target();
    const before = connections;
    for (const holdMs of [2, 0]) {
      const pieces: string[] = [];
      await streamChatCompletion(upstream, bareReplyRequest()).pipeText((piece) => pieces.push(piece), {
        holdMs: () => holdMs,
      });
      expect(pieces.join("")).toBe(WORDS.join(""));
    }
    expect(connections - before).toBe(1);
    upstream.pool.close();
  });

  it("tells a kept connection from a new one, and closes the idle ones on close()", async () => {
    const pool = createUpstreamPool(origin, { ca: cert });
    const reuse: boolean[] = [];
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve, reject) => {
        const reader: ResponseReader = {
          onHead: () => undefined,
          onBody: () => undefined,
          onReadEnd: () => undefined,
          onEnd: resolve,
          onError: reject,
        };
        streamedPost(pool, { path: origin.pathname, headers: {}, body: "{}" }, reader);
      });
      const next = pool.acquire();
      reuse.push(next.reused);
      pool.release(next, true);
    }
    expect(reuse).toEqual([true, true]);
    const idle = pool.acquire();
    const closed = new Promise((resolve) => idle.socket.once("close", resolve));
    pool.release(idle, true);
    pool.close();
    await closed;
  });
});

describe("upstream TLS sessions", () => {
  /** An https origin whose handshakes are counted by whether they resumed a session, behind a port that can drop. */
  async function tlsOrigin() {
    const server = https.createServer({ key, cert }, (_req, res) => void streamWords(res));
    const handshakes: ("full" | "resumed")[] = [];
    server.on("secureConnection", (socket: tls.TLSSocket) =>
      handshakes.push(socket.isSessionReused() ? "resumed" : "full"),
    );
    const serverPort = await listen(server);
    // In front of it, a port that passes connections on, or cuts the next one before its handshake.
    let cutNext = false;
    const front = net.createServer((client) => {
      if (cutNext) {
        cutNext = false;
        client.destroy();
        return;
      }
      const upstream = net.connect(serverPort, "127.0.0.1");
      client.pipe(upstream).pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const origin = new URL(`https://localhost:${(front.address() as AddressInfo).port}/v1/chat/completions`);
    return {
      server,
      handshakes,
      pool: createUpstreamPool(origin, { ca: cert }),
      cutNext: () => (cutNext = true),
      async close() {
        server.closeAllConnections();
        front.close();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  /** A new connection (not a kept one), once its handshake is done and, after a full one, the server's ticket came. */
  async function connectFresh(origin: Awaited<ReturnType<typeof tlsOrigin>>) {
    const served = once(origin.server, "secureConnection");
    const connection = origin.pool.acquire(true);
    const socket = connection.socket as tls.TLSSocket;
    const ticket = once(socket, "session");
    await Promise.all([once(socket, "secureConnect"), served]);
    if (!socket.isSessionReused()) await ticket;
    return connection;
  }

  it("resumes the origin's session on new connections, and makes a full handshake when the server forgot it", async () => {
    const origin = await tlsOrigin();
    const connections = [await connectFresh(origin), await connectFresh(origin)];
    // The server's ticket keys change (a restart, a rotation): the session cannot be resumed.
    origin.server.setTicketKeys(Buffer.alloc(48, 7));
    connections.push(await connectFresh(origin), await connectFresh(origin));
    expect(origin.handshakes).toEqual(["full", "resumed", "full", "resumed"]);
    for (const connection of connections) origin.pool.release(connection, false);
    await origin.close();
  });

  it("forgets the session when a connection that offered it fails before its handshake", async () => {
    const origin = await tlsOrigin();
    origin.pool.release(await connectFresh(origin), false);
    origin.cutNext();
    const cut = origin.pool.acquire(true);
    await new Promise((resolve) => cut.socket.once("close", resolve));
    const after = await connectFresh(origin);
    expect(origin.handshakes).toEqual(["full", "full"]);
    origin.pool.release(after, false);
    await origin.close();
  });
});

describe("upstream connections kept idle", () => {
  it("keeps at most MAX_IDLE_SOCKETS idle, and closes the rest as they come back", async () => {
    const server = http.createServer();
    const port = await listen(server);
    const pool = createUpstreamPool(new URL(`http://127.0.0.1:${port}`));
    const opened = Array.from({ length: MAX_IDLE_SOCKETS + 2 }, () => pool.acquire());
    for (const connection of opened) pool.release(connection, true);
    expect(opened.filter((c) => c.socket.destroyed)).toHaveLength(2);
    const again = Array.from({ length: MAX_IDLE_SOCKETS + 1 }, () => pool.acquire());
    expect(again.filter((c) => c.reused)).toHaveLength(MAX_IDLE_SOCKETS);
    for (const connection of again) pool.release(connection, false);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});

describe("upstream connection failures", () => {
  it("reports a refused connection as an error", async () => {
    const server = http.createServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const pool = createUpstreamPool(new URL(`http://127.0.0.1:${port}`));
    const error = await new Promise<Error>((resolve) => {
      streamedPost(
        pool,
        { path: "/", headers: {}, body: "" },
        {
          onHead: () => undefined,
          onBody: () => undefined,
          onReadEnd: () => undefined,
          onEnd: () => resolve(new Error("ended")),
          onError: resolve,
        },
      );
    });
    expect(error.message).toMatch(/ECONNREFUSED/);
  });
});
