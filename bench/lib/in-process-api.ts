/**
 * Our API without Next, in this process: createHttpServer(createApi(deps)) on 127.0.0.1 and a free port, with a
 * memory store, no rate limits (1e9/min, the collector's too), the collector's writer (flushed on stop), no request signing, the model provider the config names (the offline demo
 * model by default), payments off unless `env.PAYMENT_PROVIDER` names a provider, and a silent logger unless
 * `env.LOG_LEVEL` says otherwise, on a database handle the caller opened. Used by bench/search.ts,
 * bench/api-throughput.ts --pglite, bench/payments.ts and bench/lib/chat-server-child.ts.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { DbHandle } from "../../server/db/types";
import { onCleanup } from "./harness";

export interface InProcessApi {
  port: number;
  base: string;
  /** Stops the server and closes the store; safe to call twice (it is also registered as a cleanup). */
  stop: () => Promise<void>;
}

export async function startApiInProcess(
  handle: DbHandle,
  cleanupName: string,
  env: Record<string, string | undefined> = {},
): Promise<InProcessApi> {
  const { parseConfig } = await import("../../server/config");
  const { createApi } = await import("../../server/api/app");
  const { createHttpServer } = await import("../../server/http-server");
  const { listenHandleCount } = await import("../../server/http/listen-handles");
  const { createLogger } = await import("../../server/logger");
  const { createMemoryStore } = await import("../../server/modules/limits/memory-store");
  const { createEventWriter } = await import("../../server/modules/analytics/event-writer");
  const { createLlmProvider } = await import("../../server/providers/llm/create-llm-provider");
  const { createPaymentProvider } = await import("../../server/providers/payments/create-payment-provider");
  const { createLocalDiskStorage } = await import("../../server/providers/storage/local-disk-storage");
  const config = parseConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "1000000000",
    ANALYTICS_RATE_LIMIT_PER_MINUTE: "1000000000",
    ANALYTICS_DAILY_KB_PER_ADDRESS: "1000000000",
    REQUEST_SIGNING: "off",
    DATA_DIR: path.join(os.tmpdir(), "kewl-bench-unused"),
    ...env,
  });
  const store = createMemoryStore();
  const logger = createLogger(config.LOG_LEVEL);
  const analytics = createEventWriter(handle, logger);
  const httpServer = createHttpServer(
    createApi({
      config,
      database: handle,
      store,
      logger,
      llm: createLlmProvider(config),
      payments: env.PAYMENT_PROVIDER ? createPaymentProvider(config, handle.db).provider : null,
      storage: createLocalDiskStorage({
        root: path.join(config.dataDir, "files"),
        secret: randomBytes(32).toString("hex"),
      }),
      analytics,
    }),
  );
  const port = await httpServer.listen(0, "127.0.0.1");
  // As serve.ts does: more handles take a crowd's connections (server/http/listen-handles.ts).
  await httpServer.listenWithHandles(listenHandleCount(config.HTTP_LISTEN_HANDLES));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await httpServer.shutdown(2000);
    await analytics.close();
    await store.close();
  };
  onCleanup(cleanupName, stop);
  return { port, base: `http://127.0.0.1:${port}`, stop };
}
