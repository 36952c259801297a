import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
  /** Errors of idle pooled connections (server restart, network reset); without a listener they crash the process. */
  onConnectionError?: (err: Error) => void;
}

// Name search tolerates typos like "captian" (word similarity 0.5); pg_trgm's default of 0.6 misses them.
const TRGM_THRESHOLD = "0.45";
const SESSION_SETUP = `set pg_trgm.word_similarity_threshold = ${TRGM_THRESHOLD}`;

// Arbitrary constant: serialises migrations when several app instances start together on one server.
const MIGRATION_LOCK_ID = 72_010_417;

function defaultConnectionError(err: Error): void {
  console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "idle database connection failed", error: err.message }));
}

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  const migrationsFolder = opts.migrationsDir ?? MIGRATIONS_DIR;
  if (opts.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // bigint columns (counts, ids) come back as JS numbers; they stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // A startup parameter, so every connection has it before its first query.
      options: `-c pg_trgm.word_similarity_threshold=${TRGM_THRESHOLD}`,
    });
    // pg emits 'error' on the pool when an idle client's connection dies; the pool then replaces that client.
    pool.on("error", (err) => (opts.onConnectionError ?? defaultConnectionError)(err));
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migrate(drizzle(lock, { schema }), { migrationsFolder });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
      lock.release();
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
  const db: Db = drizzle({ client: opts.preparedStatements === false ? client : preparedStatementsClient(client), schema });
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  await client.exec(SESSION_SETUP);
  return { db, driver: "pglite", close: () => client.close(), dumpDataDir: () => client.dumpDataDir("none") };
}
