import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ApiEnv } from "@/server/api/context";
import { addListenHandles, listenHandleCount } from "@/server/http/listen-handles";
import { parseConfig } from "@/server/config";
import { createHttpServer } from "@/server/http-server";

/**
 * Opens `count` connections to the port from another process and returns once all are established (or throws
 * after `boundMs`: a connection the kernel's queue had no room for sends its SYN again after 1, 3, 7… s, and this
 * process, blocked, never makes room).
 */
function connectWhileBlocked(port: number, count: number, boundMs = 60_000): void {
  const script = `
    const net = require("node:net");
    let open = 0;
    for (let i = 0; i < ${count}; i++) net.connect(${port}, "127.0.0.1", () => { if (++open === ${count}) process.exit(0); });
  `;
  // Synchronous: this process's event loop is blocked meanwhile, so the connections wait in the accept queue.
  execFileSync(process.execPath, ["-e", script], { timeout: boundMs });
}

/** A client for a port (argv) that writes its request only once the connection has been accepted (ss). */
const TAKEN_THEN_WRITTEN = `
  const net = require("node:net");
  const fs = require("node:fs");
  const { execFileSync } = require("node:child_process");
  const [port, marker] = process.argv.slice(1);
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.once("connect", function whenTaken() {
    const listening = execFileSync("ss", ["-Hltn", "sport = :" + port]).toString().trim();
    if (Number(listening.split(/\\s+/)[1]) > 0) return setTimeout(whenTaken, 5);
    socket.write("GET /v1/ping HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: close\\r\\n\\r\\n", () => fs.writeFileSync(marker, ""));
  });
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk));
  socket.on("close", () => process.stdout.write(answer.split("\\r\\n")[0] || "no answer"));
`;

/** How many connections the server takes in the turn of the event loop in which it takes the first. */
function acceptedInOneTurn(server: net.Server): Promise<number> {
  let accepted = 0;
  server.on("connection", () => accepted++);
  return new Promise((resolve) => server.once("connection", () => setImmediate(() => resolve(accepted))));
}

async function startServer() {
  const api = new Hono<ApiEnv>().get("/v1/ping", (c) => c.text("pong"));
  const http = createHttpServer(api);
  await new Promise<void>((resolve) => http.server.listen(0, "127.0.0.1", resolve));
  return { http, port: (http.server.address() as AddressInfo).port };
}

describe("more handles listening on one socket", () => {
  it("takes one queued connection per turn of the event loop with Node's one handle", async () => {
    const { http, port } = await startServer();
    try {
      const turn = acceptedInOneTurn(http.server);
      connectWhileBlocked(port, 5);
      expect(await turn).toBe(1);
    } finally {
      await http.shutdown(1000);
    }
  });

  it("takes one per handle with four more, and answers requests that came through them", async () => {
    const { http, port } = await startServer();
    try {
      await http.listenWithHandles(5);
      const halfOpen: boolean[] = [];
      http.server.on("connection", (socket: net.Socket) => halfOpen.push(socket.allowHalfOpen));
      const turn = acceptedInOneTurn(http.server);
      connectWhileBlocked(port, 5);
      expect(await turn).toBe(5);
      // The copies accept as the HTTP server does (a plain net.Server would not keep a half-closed socket open).
      expect(halfOpen).toEqual([true, true, true, true, true]);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/v1/ping`).then((r) => r.text())),
      );
      expect(answers).toEqual(Array.from({ length: 20 }, () => "pong"));
    } finally {
      await http.shutdown(1000);
    }
    // Every handle closed with the server: nothing listens on the socket any more.
    const refused = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve("connected");
      });
      socket.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    expect(refused).toBe("ECONNREFUSED");
  });

  it("queues a crowd's connections past Node's default backlog of 511 while the server is busy, and answers them", async () => {
    const http = createHttpServer(new Hono<ApiEnv>().get("/v1/ping", (c) => c.text("pong")));
    const port = await http.listen(0, "127.0.0.1");
    try {
      // As serve.ts does: Node listens again with 511 on each copy that arrives.
      await http.listenWithHandles(4);
      let accepted = 0;
      http.server.on("connection", () => accepted++);
      const all = new Promise<void>((resolve) => http.server.on("connection", () => accepted === 700 && resolve()));
      connectWhileBlocked(port, 700);
      await all;
      expect(await fetch(`http://127.0.0.1:${port}/v1/ping`).then((r) => r.text())).toBe("pong");
    } finally {
      await http.shutdown(1000);
    }
  });

  it("hands back a connection the helper took with its request unread", async () => {
    const http = createHttpServer(
      new Hono<ApiEnv>().get("/v1/ping", (c) => c.text("pong")),
      {
        config: { ...parseConfig({}), HEADERS_TIMEOUT_MS: 1000 },
      },
    );
    const port = await http.listen(0, "127.0.0.1");
    const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kewl-handles-")), "written");
    // Connects at once; once the connection has left the kernel's queue (taken by the helper: this process is
    // blocked below), sends the request and says so; prints the answer's status line.
    const client = spawn(process.execPath, ["-e", TAKEN_THEN_WRITTEN, String(port), marker], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let statusLine = "";
    client.stdout.on("data", (chunk: Buffer) => (statusLine += chunk.toString()));
    const clientDone = new Promise((resolve) => client.once("exit", resolve));
    try {
      const adding = http.listenWithHandles(2);
      // Until the request is written, only the helper can take the connection, and this process cannot yet say it
      // has the socket: a helper socket that reads would read the request then, and drop it.
      // (Or until the client has ended, a zombie while this process cannot reap it: a failed test, not a hung one.)
      execFileSync("sh", [
        "-c",
        'while [ ! -e "$1" ] && [ "$(cut -d" " -f3 "/proc/$2/stat" 2>/dev/null)" != Z ]; do sleep 0.01; done',
        "sh",
        marker,
        String(client.pid),
      ]);
      await adding;
      await clientDone;
      expect(statusLine).toBe("HTTP/1.1 200 OK");
    } finally {
      client.kill();
      await http.shutdown(1000);
    }
  });

  it("gives a server that is not listening none", async () => {
    const server = net.createServer();
    expect(await addListenHandles(server, 3)).toEqual([]);
  });

  it("listens with 8 handles unless HTTP_LISTEN_HANDLES says", () => {
    expect(listenHandleCount(undefined)).toBe(8);
    expect(listenHandleCount(3)).toBe(3);
    expect(listenHandleCount(1)).toBe(1);
  });
});
