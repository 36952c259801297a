import http from "node:http";
import type { Server as NetServer, Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { ApiEnv } from "./api/context";
import { type Config, parseConfig } from "./config";
import { compileTrust } from "./http/client-address";
import { closeWithoutReading } from "./http/close-unread";
import { addListenHandles, LISTEN_BACKLOG } from "./http/listen-handles";
import { refusePageMethods } from "./http/page-methods";
import { limitPages } from "./http/page-rate-limit";
import type { Logger } from "./logger";
import type { KeyValueStore } from "./modules/limits/key-value-store";
import { routablePageUrl } from "./page-path";

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

export interface HttpServerOptions {
  /** Timeouts, the page limit, the proxies to trust, NODE_ENV (pages' methods); unset: an empty configuration's. */
  config?: Pick<
    Config,
    "HEADERS_TIMEOUT_MS" | "REQUEST_TIMEOUT_MS" | "PAGE_RATE_LIMIT_PER_MINUTE" | "TRUST_PROXY" | "NODE_ENV"
  >;
  /** The store the per-address page limit counts in (the API's); without one, pages are not limited. */
  store?: KeyValueStore;
  logger?: Logger;
  /** Name the answering process in X-Worker-Pid on every response (WORKER_PID_HEADER: diagnosis and tests). */
  workerPidHeader?: boolean;
}

/** How long shutdown lets the last writes of cut connections go out before destroying them. */
const FLUSH_MS = 1000;

/** One HTTP server: /v1 goes to the API, everything else to the page handler (Next). */
export function createHttpServer(
  api: Hono<ApiEnv>,
  options: HttpServerOptions = {},
): {
  server: http.Server;
  setPageHandler(handler: NodeHandler): void;
  /** Listens on `port` of `host` with a crowd's backlog (LISTEN_BACKLOG) and resolves with the port. */
  listen(port: number, host: string): Promise<number>;
  /**
   * Once listening: accept with `handles` handles, the server's own and `handles - 1` more (http/listen-handles.ts,
   * listenHandleCount); shutdown closes them.
   */
  listenWithHandles(handles: number): Promise<void>;
  /**
   * Stops accepting and lets in-flight requests finish for up to deadlineMs; then runs `atDeadline` (which ends open
   * event streams with their last messages) and closes what is left. Resolves once every connection has closed.
   */
  shutdown(deadlineMs: number, hooks?: { atDeadline?: () => Promise<void> }): Promise<void>;
} {
  const config = options.config ?? parseConfig({});
  // Not Hono's clean-up of unread bodies, which reads (and drops) up to 64 MB of them: see closeWithoutReading.
  const apiListener = getRequestListener(api.fetch, { autoCleanupIncoming: false });
  const pageLimit = options.store
    ? limitPages({
        store: options.store,
        perMinute: config.PAGE_RATE_LIMIT_PER_MINUTE,
        trust: compileTrust(config.TRUST_PROXY),
        logger: options.logger,
      })
    : null;
  let pageHandler: NodeHandler = (_req, res) => {
    res.statusCode = 503;
    res.setHeader("retry-after", "1");
    res.end("Starting up");
  };
  const refuseMethod = refusePageMethods(config.NODE_ENV === "development");
  const toPages = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (refuseMethod(req, res)) return;
    if (pageLimit && (await pageLimit(req, res))) return;
    await pageHandler(req, res);
  };
  let stopping = false;
  const workerPid = options.workerPidHeader ? String(process.pid) : null;
  const server = http.createServer(
    {
      // A client gets this long for its headers, then for its whole request (slow senders hold no socket for
      // long). Node checks both only every connectionsCheckingInterval. A request counts only until its body is
      // in: a reply streamed for minutes after that (chat) is never cut.
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(config.HEADERS_TIMEOUT_MS / 4))),
    },
    (req, res) => {
      // While stopping, a keep-alive socket that goes idle is closed at once instead of at the deadline.
      if (stopping) res.setHeader("connection", "close");
      if (workerPid) res.setHeader("x-worker-pid", workerPid);
      // Answered before the body was all in (a 413, a 429): close rather than read the rest off the socket.
      res.prependListener("finish", () => {
        if (!req.complete) closeWithoutReading(req);
      });
      res.on("finish", () => {
        if (stopping) server.closeIdleConnections();
      });
      const url = req.url ?? "/";
      if (url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?")) {
        void apiListener(req, res);
      } else {
        req.url = routablePageUrl(url);
        void toPages(req, res);
      }
    },
  );
  server.keepAliveTimeout = 65_000;

  const sockets = new Set<Socket>();
  const listenCopies: NetServer[] = [];
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  return {
    server,
    setPageHandler(handler) {
      pageHandler = handler;
    },
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
          server.off("error", reject);
          const address = server.address();
          resolve(typeof address === "object" && address ? address.port : port);
        });
      });
    },
    async listenWithHandles(handles) {
      const copies = await addListenHandles(server, handles - 1);
      if (stopping) for (const copy of copies) copy.close();
      else listenCopies.push(...copies);
    },
    // Waits for every connection, not only server.close()'s: it counts only those its own handle accepted, not the
    // ones the listening copies took.
    shutdown(deadlineMs, hooks = {}) {
      stopping = true;
      for (const copy of listenCopies.splice(0)) copy.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const drained = (async () => {
        await closed;
        while (sockets.size > 0) await new Promise((resolve) => [...sockets][0]!.once("close", resolve));
      })();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, deadlineMs);
        timer.unref();
      });
      return Promise.race([drained, deadline.then(() => "deadline" as const)]).then(async (how) => {
        clearTimeout(timer);
        if (how !== "deadline") return;
        await hooks.atDeadline?.().catch(() => undefined);
        // Ended once what they were written has gone out (the streams' last messages), destroyed if that stalls.
        for (const s of sockets) s.end();
        const stalled = setTimeout(() => {
          for (const s of sockets) s.destroy();
        }, FLUSH_MS);
        stalled.unref();
        await drained;
        clearTimeout(stalled);
      });
    },
  };
}
