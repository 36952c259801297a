import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { markInProcess } from "./in-process-databases";
import { readJournal, recordMigrationTags, refuseUnknownMigrations, type MigrationQuery } from "./migration-skew";
import { startAutoAnalyze } from "./pglite-auto-analyze";
import { retryWhileUnavailable } from "./retry-while-unavailable";
import * as schema from "./schema";
import type { Db, DbHandle } from "./types";

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface OpenOptions {
  /** postgres:// URL of a real server; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; "memory://" for an in-memory database. */
  dataDir?: string;
  migrationsDir?: string;
  poolSize?: number;
  /** PGlite only: start from this data folder dump (`dumpDataDir`) instead of an empty database (tests' template). */
  loadDataDir?: Blob;
  /** PGlite only: run statements through the prepared-statement client (default); false uses PGlite's own query. */
  preparedStatements?: boolean;
  /** How long opening a Postgres connection may take before the query fails as unavailable (default 5000 ms). */
  connectTimeoutMs?: number;
  /** How long a query waits for a free connection while all are busy, before failing (default: connectTimeoutMs). */
  queueTimeoutMs?: number;
  /** How long start-up keeps trying to reach the server and migrate while it is unavailable (default 30000 ms). */
  startRetryMs?: number;
  /** A pooled connection died (server restart, terminated backend, network reset); the pool replaces it. */
  onConnectionError?: (err: Error) => void;
  /** Start-up could not reach the server and will try again. */
  onStartRetry?: (err: unknown, attempt: number) => void;
  /** PGlite only: how often changed tables get fresh planner statistics (pglite-auto-analyze.ts); false: only when asked. */
  autoAnalyzeMs?: number | false;
  /** PGlite only: tables were analysed, and how long it took (ms). */
  onAutoAnalyze?: (tables: string[], ms: number) => void;
  /** PGlite only: analysing failed (the next interval tries again). */
  onAutoAnalyzeError?: (err: unknown) => void;
}

// Name search tolerates typos like "captian" (word similarity 0.5); pg_trgm's default of 0.6 misses them.
const TRGM_THRESHOLD = "0.45";
const SESSION_SETUP = `set pg_trgm.word_similarity_threshold = ${TRGM_THRESHOLD}`;

// Arbitrary constant: serialises migrations when several app instances start together on one server.
export const MIGRATION_LOCK_ID = 72_010_417;

function defaultConnectionError(err: Error): void {
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      msg: "database connection lost",
      error: err.message,
    }),
  );
}

/** Refuses a database a newer build migrated, then migrates it and records this build's migration names. */
async function migrateChecked(query: MigrationQuery, migrationsFolder: string, migrate: () => Promise<void>) {
  const journal = readJournal(migrationsFolder);
  await refuseUnknownMigrations(query, journal);
  await migrate();
  await recordMigrationTags(query, journal);
}

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  const migrationsFolder = opts.migrationsDir ?? MIGRATIONS_DIR;
  if (opts.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const { createPostgresPool } = await import("./postgres-pool");
    // bigint columns (counts, ids) come back as JS numbers; they stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = createPostgresPool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      queueTimeoutMillis: opts.queueTimeoutMs,
      // A startup parameter, so every connection has it before its first query.
      options: `-c pg_trgm.word_similarity_threshold=${TRGM_THRESHOLD}`,
      onConnectionError: opts.onConnectionError ?? defaultConnectionError,
    });
    const migrateUnderLock = async () => {
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrateChecked(
          (text, params) => lock.query(text, params),
          migrationsFolder,
          () => migrate(drizzle(lock, { schema }), { migrationsFolder }),
        );
      } finally {
        // The lock is the session's: a lost connection has released it already.
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
        lock.release();
      }
    };
    // Migrations run in one transaction, so a connection lost halfway leaves nothing half-applied: run them again.
    try {
      await retryWhileUnavailable(migrateUnderLock, {
        budgetMs: opts.startRetryMs ?? 30_000,
        firstDelayMs: 250,
        onRetry: (err, attempt) => opts.onStartRetry?.(err, attempt),
      });
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    const db: Db = drizzle(pool, { schema });
    return { db, driver: "postgres", close: () => pool.end() };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { preparedStatementsClient } = await import("./pglite-prepared-client");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dataDir = opts.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: opts.loadDataDir });
  const db: Db = drizzle({
    client: opts.preparedStatements === false ? client : preparedStatementsClient(client),
    schema,
  });
  markInProcess(db);
  try {
    await migrateChecked(
      (text, params) => client.query(text, params),
      migrationsFolder,
      () => migrate(drizzle(client, { schema }), { migrationsFolder }),
    );
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
  await client.exec(SESSION_SETUP);
  const autoAnalyze = startAutoAnalyze(client, {
    intervalMs: opts.autoAnalyzeMs,
    onAnalyzed: opts.onAutoAnalyze,
    onError: opts.onAutoAnalyzeError,
  });
  return {
    db,
    driver: "pglite",
    close: async () => {
      await autoAnalyze.stop();
      await client.close();
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    analyzeNow: () => autoAnalyze.runOnce(),
  };
}
