import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase } from "@/server/db/open-database";
import type { DbHandle } from "@/server/db/types";
import { adminClient, withDatabase } from "./postgres-admin";

export type Driver = "pglite" | "postgres";

/** PGlite always; the real server too when TEST_DATABASE_URL is set (and then it must be reachable). */
export function testDrivers(): Driver[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database of its own: in-memory PGlite, or a new database on the Postgres server. Both are
 * copies of the templates migrated once per run (helpers/global-setup.ts); opening them still runs the migrator,
 * which finds nothing to do.
 */
export async function createTestDatabase(driver: Driver): Promise<DbHandle> {
  if (driver === "pglite") {
    pgliteTemplate ??= new Blob([fs.readFileSync(inject("pgliteTemplateFile"))]);
    return openDatabase({ dataDir: "memory://", loadDataDir: pgliteTemplate });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const template = inject("postgresTemplate");
  const name = `kewl_t_${randomBytes(6).toString("hex")}`;
  const admin = await adminClient(adminUrl);
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
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
