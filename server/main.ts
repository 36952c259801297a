import nextEnv from "@next/env";

// Env files first: everything below reads process.env.
nextEnv.loadEnvConfig(process.cwd(), process.env.NODE_ENV === "development");

const { getConfig, ConfigError } = await import("./config");
const { startServices, stopServices } = await import("./services");
const { createApi } = await import("./api/app");
const { createHttpServer } = await import("./http-server");
const { setProcessDatabase } = await import("./db/process-database");
const { setProcessStorage } = await import("./providers/storage/process-storage");
const { settleActiveReplies } = await import("./modules/chat/active-replies");
const { settleMemorySummaries } = await import("./modules/chat/memory/memory-summariser");
const { sweepInterruptedReplies } = await import("./modules/chat/interrupted-replies");
const { scheduleSandboxRenewals } = await import("./modules/billing/sandbox-renewals");
const { scheduleAnalyticsMaintenance } = await import("./modules/analytics/maintenance");

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

const dev = config.NODE_ENV === "development";
const deps = await startServices(config);
setProcessDatabase(deps.database);
setProcessStorage(deps.storage);
const { logger } = deps;
const stopSweeping = sweepInterruptedReplies(deps.database.db, logger);
// The sandbox provider's clock: renews and ends its subscriptions (a remote provider does this on its own side).
const stopRenewals =
  deps.payments?.name === "sandbox"
    ? scheduleSandboxRenewals({ db: deps.database.db, provider: deps.payments, logger }, logger)
    : () => undefined;
// The collector's daily roll-ups and ANALYTICS_RETENTION_DAYS (its writer is flushed by stopServices).
const stopAnalytics = scheduleAnalyticsMaintenance(deps.database.db, config.ANALYTICS_RETENTION_DAYS, logger);

const http = createHttpServer(createApi(deps), { config, store: deps.store, logger });
const { default: next } = await import("next");
const nextApp = next({ dev, dir: process.cwd(), httpServer: http.server, hostname: config.HOST, port: config.PORT });
await nextApp.prepare();
http.setPageHandler(nextApp.getRequestHandler());
// Listen only once pages are ready too: a load balancer that sees /v1/health answer may send users right away.
await new Promise<void>((resolve, reject) => {
  http.server.once("error", reject);
  http.server.listen(config.PORT, config.HOST, () => resolve());
});
const address = http.server.address();
const port = typeof address === "object" && address ? address.port : config.PORT;
logger.info("listening", { url: `http://localhost:${port}`, dev, driver: deps.database.driver });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  stopSweeping();
  stopRenewals();
  stopAnalytics();
  await http.shutdown(config.SHUTDOWN_TIMEOUT_MS);
  // Streams cut at the deadline still write their partial replies and refunds.
  await settleActiveReplies(2000);
  await settleMemorySummaries(2000);
  await nextApp.close().catch(() => undefined);
  await stopServices(deps);
  setProcessDatabase(undefined);
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
