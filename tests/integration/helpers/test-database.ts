import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "@/server/db/open-database";
import type { DbHandle } from "@/server/db/types";

export type Driver = "pglite" | "postgres";

/** PGlite always; the real server too when TEST_DATABASE_URL is set (and then it must be reachable). */
export function testDrivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, migrated database of its own: in-memory PGlite, or a new database on the Postgres server. */
export async function createTestDatabase(driver: Driver): Promise<DbHandle> {
  if (driver === "pglite") return openDatabase({ dataDir: "memory://" });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `kewl_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`TEST_DATABASE_URL is set but Postgres cannot be reached: ${(err as Error).message}`);
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  let closing = false;
  const handle = await openDatabase({
    databaseUrl: withDatabase(adminUrl, name),
    poolSize: 5,
    // Dropping the database "with (force)" terminates connections pg's pool.end() has not finished closing yet.
    onConnectionError: (err) => {
      if (!closing) console.error("test database connection failed:", err.message);
    },
  });
  return {
    ...handle,
    async close() {
      closing = true;
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
