import { spawn } from "node:child_process";
import cluster from "node:cluster";
import type net from "node:net";

/**
 * More handles accepting on one listening socket. Since libuv 1.45 (Node 20) a listening handle accepts one
 * connection per turn of the event loop (libuv/libuv#3696; nodejs/node#57364 is the regression it caused). A
 * process busy with 1,000 open replies turns its loop a few dozen times a second, so a crowd's new connections
 * waited in the kernel's queue for seconds: with 1,000 replies asked at once, the last quarter of the requests
 * reached the server 2-7 s after the first (bench/README.md, "Issue 16, sixth session").
 *
 * Each extra handle holds its own descriptor of the same socket, and takes one more connection per turn. Node 20
 * has neither SO_REUSEPORT (`reusePort` came in 22.12) nor dup(), but a handle sent over IPC arrives as a new
 * descriptor: a helper process is given the server and sends it back `count` times. A connection the helper takes
 * meanwhile is sent back too, so none is lost, unread: the helper's sockets start paused (`pauseOnConnect`). A
 * socket that reads keeps reading after it is sent, until this process acknowledges it, and Node drops what it
 * reads then: a request that came in that moment lost its bytes and was answered 408 once its headers' time ran
 * out. Not possible for a cluster worker in round-robin mode (its server holds no socket: the primary accepts),
 * which gets none.
 */
const HELPER = `
process.once("message", (message, server) => {
  if (!server || typeof message?.count !== "number") return process.exit(1);
  server.pauseOnConnect = true;
  server.on("connection", (socket) => process.send({ type: "socket" }, socket));
  for (let i = 0; i < message.count; i++) process.send({ type: "copy" }, server);
  process.send({ type: "done" }, () => server.close(() => process.disconnect()));
});
`;

/**
 * The listening socket's queue of connections not yet accepted (the kernel caps it at net.core.somaxconn, 4096 on
 * Linux since 5.4). Node's default is 511: with 1,000 replies asked at once, the connections past the queue had their
 * SYN dropped and sent again a second later, so about one request in ten reached the server a second late
 * (TcpExtListenOverflows; bench/README.md, "Issue 16, fourteenth session").
 */
export const LISTEN_BACKLOG = 4096;

/**
 * How many handles a process listens with: the setting, else 8. PGlite had 1 while every reply's statements ran
 * alone on the server's thread (200 replies' connections taken at once doubled the event loop's delay for no
 * earlier first token); now that a crowd's statements go together (statement-batches.ts), 8 handles let them come
 * together: with 200 replies sent at once, first token p95 0.58-0.71 → 0.23-0.26 s (bench/README.md, "Issue 16,
 * fourteenth session").
 */
export function listenHandleCount(setting: number | undefined): number {
  return setting ?? 8;
}

/** The helper gets this long to send the copies; what has come by then is kept. */
const HELPER_DEADLINE_MS = 10_000;

/**
 * What a server gives the sockets it accepts (net.js onconnection), for a copy to give them the same: an HTTP server
 * has noDelay and allowHalfOpen on, a copy arrives as a plain net.Server with both off (a copy-accepted reply's small
 * writes then waited for Nagle's algorithm). maxConnections is left out: each copy would count its own.
 */
const ACCEPTED_SOCKET_OPTIONS = [
  "allowHalfOpen",
  "pauseOnConnect",
  "highWaterMark",
  "noDelay",
  "keepAlive",
  "keepAliveInitialDelay",
] as const;

function acceptLike(copy: net.Server, server: net.Server): void {
  const from = server as unknown as Record<string, unknown>;
  const to = copy as unknown as Record<string, unknown>;
  for (const option of ACCEPTED_SOCKET_OPTIONS) to[option] = from[option];
}

/** True when this process's listening servers hold a socket of their own (not a round-robin cluster worker's). */
function holdsListeningSocket(): boolean {
  return cluster.isPrimary || cluster.schedulingPolicy !== cluster.SCHED_RR;
}

/**
 * A socket's backlog is what its last listen() said, and Node listens again, with its default of 511, on every
 * descriptor that arrives over IPC (in the helper and here): once the copies are in, the server's own handle
 * listens again with the backlog it is meant to have. Node has no public call for it.
 */
function restoreBacklog(server: net.Server, backlog: number): void {
  const handle = (server as unknown as { _handle?: { listen?: (backlog: number) => number } })._handle;
  handle?.listen?.(backlog);
}

/**
 * Gives the listening `server` up to `count` more handles, whose connections it handles as its own. Resolves with
 * them (close them with the server); on any failure, with those made so far (the server is served either way).
 * The socket keeps a backlog of `backlog` (the server's, LISTEN_BACKLOG unless it listened with another).
 */
export function addListenHandles(server: net.Server, count: number, backlog = LISTEN_BACKLOG): Promise<net.Server[]> {
  const copies: net.Server[] = [];
  if (count <= 0 || !server.listening || !holdsListeningSocket()) return Promise.resolve(copies);
  return new Promise((resolve) => {
    const helper = spawn(process.execPath, ["-e", HELPER], { stdio: ["ignore", "ignore", "ignore", "ipc"] });
    const deadline = setTimeout(() => helper.kill(), HELPER_DEADLINE_MS);
    deadline.unref();
    const done = () => {
      clearTimeout(deadline);
      restoreBacklog(server, backlog);
      resolve(copies);
    };
    helper.once("error", done);
    helper.once("exit", done);
    helper.on("message", (message: { type?: unknown }, handle?: net.Server | net.Socket) => {
      if (!handle) return;
      if (message.type === "copy" && "listen" in handle) {
        // Before it accepts anything: the copy listens already, but accepts only in a later turn of the loop.
        acceptLike(handle, server);
        copies.push(handle);
        handle.on("connection", (socket: net.Socket) => server.emit("connection", socket));
      } else if (message.type === "socket" && !("listen" in handle)) {
        server.emit("connection", handle);
      }
    });
    helper.send({ count }, server, (err) => {
      if (err) helper.kill();
    });
  });
}
