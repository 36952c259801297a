/**
 * The API server (createHttpServer(createApi(deps)) on in-memory PGlite, without Next, which /v1 never reaches)
 * in a process of its own for bench/body-limit.ts, so that its memory is the server's alone. Started with
 * `node --import tsx bench/lib/body-limit-child.ts` and an IPC channel.
 *
 * Environment:
 *   BENCH_BODY_ROOT   the checkout whose server/ code to run (default: this one), e.g. another worktree with
 *                     older code, to measure before and after with the same bench
 *
 * IPC, child → parent: `ready` once listening; `read` answering a `read` request with the bytes the server has
 * read off its sockets so far.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { Socket } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";

export type BodyChildMessage =
  { type: "ready"; port: number; root: string; bodyLimitBytes: number } | { type: "read"; bytesRead: number };
export type BodyParentMessage = { type: "read" };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main(): Promise<void> {
  const root = path.resolve(process.env.BENCH_BODY_ROOT || ROOT);
  const load = <T>(rel: string) => import(pathToFileURL(path.join(root, rel)).href) as Promise<T>;
  const { parseConfig } = await load<typeof import("../../server/config")>("server/config.ts");
  const { createApi } = await load<typeof import("../../server/api/app")>("server/api/app.ts");
  const { createHttpServer } = await load<typeof import("../../server/http-server")>("server/http-server.ts");
  const { createLogger } = await load<typeof import("../../server/logger")>("server/logger.ts");
  const { createMemoryStore } = await load<typeof import("../../server/modules/limits/memory-store")>(
    "server/modules/limits/memory-store.ts",
  );
  const { createLlmProvider } = await load<typeof import("../../server/providers/llm/create-llm-provider")>(
    "server/providers/llm/create-llm-provider.ts",
  );
  const { openDatabase } = await load<typeof import("../../server/db/open-database")>("server/db/open-database.ts");
  // An older checkout has no collector (its API ignores the field): this one's writer stands in.
  const { createEventWriter } = await load<typeof import("../../server/modules/analytics/event-writer")>(
    "server/modules/analytics/event-writer.ts",
  ).catch(() => import("../../server/modules/analytics/event-writer"));
  const { createLocalDiskStorage } = await load<typeof import("../../server/providers/storage/local-disk-storage")>(
    "server/providers/storage/local-disk-storage.ts",
  );

  const config = parseConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    DATA_DIR: path.join(os.tmpdir(), "kewl-bench-unused"),
  });
  const database = await openDatabase({ dataDir: "memory://" });
  const store = createMemoryStore();
  const deps = {
    config,
    database,
    store,
    logger: createLogger("silent"),
    llm: createLlmProvider(config),
    payments: null,
    storage: createLocalDiskStorage({
      root: path.join(config.dataDir, "files"),
      secret: randomBytes(32).toString("hex"),
    }),
    analytics: createEventWriter(database, createLogger("silent")),
  };
  // Older checkouts take only the API; the options argument is then ignored.
  const http = createHttpServer(createApi(deps), { config, store });

  let closedRead = 0;
  const open = new Set<Socket>();
  http.server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => {
      open.delete(socket);
      closedRead += socket.bytesRead;
    });
  });
  await new Promise<void>((resolve) => http.server.listen(0, "127.0.0.1", resolve));
  const address = http.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  const send = (m: BodyChildMessage) => process.send?.(m);
  process.on("message", (m: BodyParentMessage) => {
    if (m.type === "read")
      send({ type: "read", bytesRead: closedRead + [...open].reduce((n, s) => n + s.bytesRead, 0) });
  });
  const stop = async () => {
    await http.shutdown(1000).catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("disconnect", () => void stop());
  send({ type: "ready", port, root, bodyLimitBytes: config.BODY_LIMIT_BYTES });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `body-limit bench server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
