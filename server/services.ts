import path from "node:path";
import type { ApiDeps } from "./api/context";
import type { Config } from "./config";
import { openDatabase } from "./db/open-database";
import type { Db, DbHandle } from "./db/types";
import { seedDemo } from "./db/seed/seed-demo";
import { createLogger, type Logger } from "./logger";
import { createEventWriter } from "./modules/analytics/event-writer";
import { watchTableSize } from "./modules/analytics/table-size";
import { loadRsaKeys } from "./modules/crypto/rsa-keys";
import { setCatalogueBroadcast, stopCatalogueBroadcast } from "./modules/catalogue/catalogue-cache";
import { connectCatalogueInvalidation } from "./modules/catalogue/catalogue-invalidation";
import { createMemoryStore } from "./modules/limits/memory-store";
import { withMemoryFallback } from "./modules/limits/fallback-store";
import { soleLiveInstance } from "./modules/instances/sole-instance";
import type { KeyValueStore } from "./modules/limits/key-value-store";
import { createRedisStore } from "./modules/limits/redis-store";
import { createLlmProvider } from "./providers/llm/create-llm-provider";
import { createPaymentProvider } from "./providers/payments/create-payment-provider";
import { createStorageProvider } from "./providers/storage/create-storage-provider";
import { sweepIncomingUploads } from "./modules/files/incoming-sweep";
import { flushChatCounts } from "./modules/chat/chat-count-tally";
import { isLocalDiskStorage } from "./providers/storage/local-disk-storage";
import { publicBaseUrl } from "./public-base-url";
import { warnAboutInstances } from "./cluster/instance-warnings";

/**
 * Opens the database (migrating it), loads the demo catalogue when empty, and connects the shared store. With
 * `timedJobs` false (a cluster worker other than the first) the local disk's upload sweep is left to that one.
 */
export async function startServices(config: Config, options: { timedJobs?: boolean } = {}): Promise<ApiDeps> {
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openAppDatabase(config, logger);
  logger.info("database ready", { driver: database.driver });
  if (config.SEED_DEMO) {
    const result = await seedDemo(database.db);
    if (result.seeded) logger.info("demo catalogue loaded", { characters: result.characters });
  }
  const store = await openStore(config, logger, database.db);
  if (config.REDIS_URL)
    setCatalogueBroadcast(
      await connectCatalogueInvalidation(config.REDIS_URL, { logger, startRetryMs: config.STARTUP_RETRY_MS }),
    );
  if (config.REQUEST_SIGNING !== "off") logger.info("request signing", { mode: config.REQUEST_SIGNING });
  const keys = await loadRsaKeys(config, database.db);
  logger.info("password RSA key ready", {
    source: keys.source,
    ...(keys.source === "file" || keys.source === "generated"
      ? { file: path.join(config.dataDir, "keys", "rsa-private.pem") }
      : {}),
  });
  warnAboutAccounts(config, logger);
  const llm = createLlmProvider(config);
  logger.info(
    "chat model provider",
    llm.isDemo
      ? { kind: llm.kind, note: "offline demo replies; set LLM_BASE_URL for a real model" }
      : { kind: llm.kind, base_url: config.LLM_BASE_URL },
  );
  const payments = createPaymentProvider(config, database.db);
  if (payments.provider) logger.info("payments", { provider: payments.provider.name });
  else logger.warn("payments are off: the subscription and coin orders answer 503", { reason: payments.off.reason });
  if (payments.provider?.name === "stripe" && config.STRIPE_API_URL) {
    logger.warn("STRIPE_API_URL is set: Stripe API calls go there, not to Stripe (tests only)", {
      stripe_api_url: config.STRIPE_API_URL,
    });
  }
  const storage = await createStorageProvider(config, database.db);
  logger.info(
    "file storage",
    storage.kind === "s3"
      ? { kind: "s3", bucket: config.S3_BUCKET, public_url: config.S3_PUBLIC_URL }
      : { kind: "local", dir: path.join(config.dataDir, "files") },
  );
  if (isLocalDiskStorage(storage) && options.timedJobs !== false) sweepIncomingUploads(storage, logger);
  warnAboutInstances(config, storage, logger);
  const analytics = createEventWriter(database, logger, {
    tableCap: watchTableSize(database.db, config.ANALYTICS_MAX_TABLE_MB * 1024 * 1024, logger),
  });
  return { config, database, store, logger, llm, payments: payments.provider, storage, analytics };
}

/** Redis (REDIS_URL) with this instance's memory while it is away (fallback-store.ts), else memory alone. */
async function openStore(config: Config, logger: Logger, db: Db): Promise<KeyValueStore> {
  if (!config.REDIS_URL) return createMemoryStore();
  const redis = await createRedisStore(config.REDIS_URL, undefined, {
    startRetryMs: config.STARTUP_RETRY_MS,
    onStartRetry: (err, attempt) =>
      logger.warn("Redis unavailable at start, trying again", {
        attempt,
        error: err instanceof Error ? err.message : String(err),
      }),
  });
  logger.info("Redis ready");
  return withMemoryFallback(redis, logger, undefined, soleLiveInstance(db));
}

/** The configured database (migrated), with its connection troubles in the log. */
export function openAppDatabase(config: Config, logger: Logger, poolSize?: number): Promise<DbHandle> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.dataDir, "pglite"),
    preparedStatements: config.PGLITE_PREPARED_STATEMENTS,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    queueTimeoutMs: config.DATABASE_QUEUE_TIMEOUT_MS,
    poolSize: poolSize ?? config.DATABASE_POOL_SIZE,
    startRetryMs: config.STARTUP_RETRY_MS,
    onConnectionError: (err) => logger.warn("database connection lost", { error: err.message }),
    onStartRetry: (err, attempt) =>
      logger.warn("database unavailable at start, trying again", {
        attempt,
        error: err instanceof Error ? err.message : String(err),
      }),
    onAutoAnalyze: (tables, ms) => logger.debug("database statistics updated", { tables, ms: Math.round(ms) }),
    onAutoAnalyzeError: (err) =>
      logger.warn("database statistics not updated", { error: err instanceof Error ? err.message : String(err) }),
  });
}

/** Loud start-up warnings for account settings that must not reach a public site unnoticed. */
export function warnAboutAccounts(config: Config, logger: Logger): void {
  const switches = [
    config.TEST_CAPTCHA_ANSWER ? "TEST_CAPTCHA_ANSWER (every captcha has a known answer)" : null,
    config.TEST_OUTBOX_ENABLED
      ? "TEST_OUTBOX_ENABLED (GET /v1/test/outbox shows anyone's codes and reset links)"
      : null,
  ].filter((s): s is string => s !== null);
  if (switches.length) {
    logger.warn(
      "!!! TEST AUTOMATION SWITCHES ARE ON - ANYONE CAN REGISTER AS ANY E-MAIL. NEVER USE ON A PUBLIC SITE !!!",
      { switches },
    );
  }
  if (config.NODE_ENV === "production" && !config.SMTP_URL) {
    logger.warn(
      "SMTP_URL is unset: e-mails (with sign-up codes and reset links) are not sent, only written to the log and mail_outbox",
    );
  }
  if (config.NODE_ENV === "production" && !config.PUBLIC_BASE_URL) {
    logger.warn(
      `PUBLIC_BASE_URL is unset: links in e-mails and OAuth redirects use ${publicBaseUrl(config)}; ` +
        "set PUBLIC_BASE_URL on a public site",
    );
  }
}

export async function stopServices(deps: ApiDeps): Promise<void> {
  // The collector's queue goes to the database before it closes.
  await deps.analytics.close().catch(() => undefined);
  await stopCatalogueBroadcast().catch(() => undefined);
  await deps.store.close().catch(() => undefined);
  await flushChatCounts(deps.database.db);
  await deps.database.close();
}
