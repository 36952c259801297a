import net from "node:net";
import type { AddressInfo } from "node:net";
import { drizzle } from "drizzle-orm/node-postgres";
import { createPostgresPool } from "@/server/db/postgres-pool";
import * as schema from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";

export interface SilentServer {
  /** A postgres:// URL to it. */
  url: string;
  close(): Promise<void>;
}

/** A "Postgres server" that accepts connections and never answers: a hung host, a half-open network path. */
export async function silentServer(): Promise<SilentServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `postgresql://kewl@127.0.0.1:${(server.address() as AddressInfo).port}/kewl`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The app's database handle on a pool to url whose new connections time out after connectTimeoutMs. */
export function pooledDatabase(url: string, connectTimeoutMs: number): DbHandle {
  const pool = createPostgresPool({
    connectionString: url,
    max: 2,
    connectionTimeoutMillis: connectTimeoutMs,
    options: "",
    onConnectionError: () => undefined,
  });
  return { db: drizzle(pool, { schema }), driver: "postgres", close: () => pool.end() };
}
