import http from "node:http";
import type { Socket } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { ApiEnv } from "./api/context";
import { routablePageUrl } from "./page-path";

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

/** One HTTP server: /v1 goes to the API, everything else to the page handler (Next). */
export function createHttpServer(api: Hono<ApiEnv>): {
  server: http.Server;
  setPageHandler(handler: NodeHandler): void;
  shutdown(deadlineMs: number): Promise<void>;
} {
  const apiListener = getRequestListener(api.fetch);
  let pageHandler: NodeHandler = (_req, res) => {
    res.statusCode = 503;
    res.setHeader("retry-after", "1");
    res.end("Starting up");
  };
  let stopping = false;
  const server = http.createServer((req, res) => {
    // While stopping, a keep-alive socket that goes idle is closed at once instead of at the deadline.
    if (stopping) res.setHeader("connection", "close");
    res.on("finish", () => {
      if (stopping) server.closeIdleConnections();
    });
    const url = req.url ?? "/";
    if (url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?")) {
      void apiListener(req, res);
    } else {
      req.url = routablePageUrl(url);
      void pageHandler(req, res);
    }
  });
  server.keepAliveTimeout = 65_000;

  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  return {
    server,
    setPageHandler(handler) {
      pageHandler = handler;
    },
    // Stop accepting, let in-flight requests finish, then force-close what is left (open event streams).
    shutdown(deadlineMs) {
      stopping = true;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          for (const s of sockets) s.destroy();
        }, deadlineMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
    },
  };
}
