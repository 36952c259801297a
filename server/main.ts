import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import nextEnv from "@next/env";

// Env files first: everything below reads process.env.
nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV === "development");

const { getConfig, ConfigError } = await import("./config");

function loadConfig() {
  try {
    return getConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.message + "\n");
      process.exit(1);
    }
    throw err;
  }
}
const config = loadConfig();

if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
  // WEB_CONCURRENCY workers, each running this same file (then as a cluster worker, below).
  const { createLogger } = await import("./logger");
  const { prepareShared } = await import("./cluster/prepare-shared");
  const { startPrimary } = await import("./cluster/primary");
  const logger = createLogger(config.LOG_LEVEL);
  try {
    await prepareShared(config, logger);
  } catch (err) {
    logger.error("start-up failed", { error: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  const primary = startPrimary({
    workers: config.WEB_CONCURRENCY,
    exec: fileURLToPath(import.meta.url),
    logger,
    drainTimeoutMs: config.SHUTDOWN_DRAIN_DELAY_MS + config.SHUTDOWN_TIMEOUT_MS + 10_000,
  });
  const stop = (signal: NodeJS.Signals) => void primary.stop(signal).then((code) => process.exit(code));
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  void primary.ready.then(
    ({ port }) =>
      logger.info("listening", { url: `http://localhost:${port ?? config.PORT}`, workers: config.WEB_CONCURRENCY }),
    // A first worker failed to start (its own error is in the log above): the cluster is stopping.
    () => void primary.stop("SIGTERM").then((code) => process.exit(code)),
  );
} else {
  const { serve } = await import("./serve");
  const { workerSlot } = await import("./cluster/worker-slot");
  await serve(config, workerSlot());
}
