/**
 * Our API without Next, in the bench process: createHttpServer(createApi(deps)) on 127.0.0.1 and a free port,
 * with a silent logger, a memory store and no rate limit (1e9/min), on a database handle the bench opened.
 * Used by bench/search.ts and by bench/api-throughput.ts --pglite.
 */
import os from "node:os";
import path from "node:path";
import type { DbHandle } from "../../server/db/types";
import { listen, onCleanup } from "./harness";

export interface InProcessApi {
  port: number;
  base: string;
  /** Stops the server and closes the store; safe to call twice (it is also registered as a cleanup). */
  stop: () => Promise<void>;
}

export async function startApiInProcess(handle: DbHandle, cleanupName: string): Promise<InProcessApi> {
  const { parseConfig } = await import("../../server/config");
  const { createApi } = await import("../../server/api/app");
  const { createHttpServer } = await import("../../server/http-server");
  const { createLogger } = await import("../../server/logger");
  const { createMemoryStore } = await import("../../server/modules/limits/memory-store");
  const { createDemoProvider } = await import("../../server/providers/llm/demo-model");
  const config = parseConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    REQUEST_SIGNING: "off",
    DATA_DIR: path.join(os.tmpdir(), "kewl-bench-unused"),
  });
  const store = createMemoryStore();
  const httpServer = createHttpServer(createApi({ config, database: handle, store, logger: createLogger("silent"), llm: createDemoProvider() }));
  const port = await listen(httpServer.server);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await httpServer.shutdown(2000);
    await store.close();
  };
  onCleanup(cleanupName, stop);
  return { port, base: `http://127.0.0.1:${port}`, stop };
}
