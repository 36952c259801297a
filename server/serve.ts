import type { Config } from "./config";

export interface ServeOptions {
  /** Serve Next's pages beside the API (default). Off: the API alone (a test harness's server, a bench's). */
  pages?: boolean;
}

/**
 * One server process: the API and Next on one HTTP server, listening on PORT. The whole app when WEB_CONCURRENCY
 * is 1; otherwise each worker of the cluster runs it (node:cluster shares the port), and only the worker in slot 0
 * runs the timed jobs (cluster/worker-slot.ts). Returns once listening; SIGTERM and SIGINT drain it and exit.
 */
export async function serve(config: Config, slot: number | null, options: ServeOptions = {}): Promise<void> {
  const { startServices, stopServices } = await import("./services");
  const { createApi } = await import("./api/app");
  const { createHttpServer } = await import("./http-server");
  const { setProcessDatabase } = await import("./db/process-database");
  const { setProcessStorage } = await import("./providers/storage/process-storage");
  const { cutActiveReplies, settleActiveReplies } = await import("./modules/chat/active-replies");
  const { settleMemorySummaries } = await import("./modules/chat/memory/memory-summariser");
  const { settleBackgroundDeliveries } = await import("./modules/mail/background-deliveries");
  const { startInstanceHeartbeat } = await import("./modules/instances/instance-heartbeat");
  const { runsTimedJobs } = await import("./cluster/worker-slot");
  const { startTimedJobs } = await import("./timed-jobs");
  const { listenHandleCount } = await import("./http/listen-handles");
  const { markShuttingDown } = await import("./http/readiness");

  const dev = config.NODE_ENV === "development";
  const timedJobs = runsTimedJobs(slot);
  const deps = await startServices(config, { timedJobs });
  setProcessDatabase(deps.database);
  setProcessStorage(deps.storage);
  const { logger } = deps;
  // Before any reply: the replies this process relays are alive while its row is.
  const heartbeat = await startInstanceHeartbeat(deps.database, logger, { aliveMs: config.LIVENESS_TIMEOUT_MS });
  const stopTimedJobs = timedJobs ? startTimedJobs(deps) : () => undefined;

  const http = createHttpServer(createApi(deps), {
    config,
    store: deps.store,
    logger,
    workerPidHeader: config.WORKER_PID_HEADER,
  });
  let closePages = async () => undefined as void;
  if (options.pages !== false) {
    const { default: next } = await import("next");
    const nextApp = next({
      dev,
      dir: process.cwd(),
      httpServer: http.server,
      hostname: config.HOST,
      port: config.PORT,
    });
    await nextApp.prepare();
    http.setPageHandler(nextApp.getRequestHandler());
    closePages = () => nextApp.close().catch(() => undefined);
  }
  // Listen only once pages are ready too: a load balancer that sees /v1/health answer may send users right away.
  const port = await http.listen(config.PORT, config.HOST);
  await http.listenWithHandles(listenHandleCount(config.HTTP_LISTEN_HANDLES));
  logger.info("listening", {
    url: `http://localhost:${port}`,
    port,
    dev,
    driver: deps.database.driver,
    ...(slot === null ? {} : { worker: slot, pid: process.pid, timed_jobs: timedJobs }),
  });

  let stopping = false;
  async function shutdown(signal: string) {
    markShuttingDown();
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal, pid: process.pid, drain_delay_ms: config.SHUTDOWN_DRAIN_DELAY_MS });
    // Readiness already answers 503: a balancer that checks it stops sending new requests within this delay.
    if (config.SHUTDOWN_DRAIN_DELAY_MS > 0)
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_DELAY_MS));
    stopTimedJobs();
    // Open replies get SHUTDOWN_TIMEOUT_MS to end; those still open then end with an error message, and are settled
    // as partial (or refunded), before their connections are closed.
    await http.shutdown(config.SHUTDOWN_TIMEOUT_MS, { atDeadline: () => cutActiveReplies(2000) });
    // Mail sent in the background records how it went; summaries under way finish.
    await Promise.all([settleActiveReplies(2000), settleBackgroundDeliveries(2000), settleMemorySummaries(2000)]);
    await heartbeat.stop();
    await closePages();
    await stopServices(deps);
    setProcessDatabase(undefined);
    logger.info("stopped", { pid: process.pid });
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
