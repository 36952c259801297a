import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { MIGRATIONS_DIR, openDatabase, type OpenOptions } from "@/server/db/open-database";
import { readJournal } from "@/server/db/migration-skew";
import type { Db } from "@/server/db/types";
import { adminClient, withDatabase } from "./helpers/postgres-admin";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const journal = readJournal(MIGRATIONS_DIR);
const newest = journal.at(-1)!;
const LATER = newest.when + 86_400_000;

/** A new migrated database (a copy of the run's template): lets `write` change it, closes it and answers how to open it again. */
async function migratedThen(driver: "pglite" | "postgres", write: (db: Db) => Promise<void>) {
  if (driver === "pglite") {
    const handle = await createTestDatabase("pglite");
    await write(handle.db);
    const dump = await handle.dumpDataDir!();
    await handle.close();
    return { reopen: { dataDir: "memory://", loadDataDir: dump } satisfies OpenOptions, drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `kewl_s_${randomBytes(6).toString("hex")}`;
  const admin = await adminClient(adminUrl);
  const template = inject("postgresTemplate");
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await write(handle.db);
  await handle.close();
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { reopen: { databaseUrl: url, poolSize: 2, startRetryMs: 0 } satisfies OpenOptions, drop };
}

describe.each(testDrivers())("a database migrated by a newer build, on %s", (driver) => {
  it("refuses to open, naming the newer build's migration and this build's last", async () => {
    const { reopen, drop } = await migratedThen(driver, async (db) => {
      // What a newer build leaves: drizzle's row of its migration, and the migration's name beside it.
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${LATER})`);
      await db.execute(sql`insert into drizzle.kewl_migration_tags (created_at, tag) values (${LATER}, '0099_later')`);
    });
    try {
      await expect(openDatabase(reopen)).rejects.toThrow(
        `The database has migration 0099_later, this build knows up to ${newest.tag}: run the newer build or restore`,
      );
    } finally {
      await drop();
    }
  });

  it("names an unknown migration by its time when no build recorded its name", async () => {
    const { reopen, drop } = await migratedThen(driver, async (db) => {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('older', ${LATER})`);
    });
    try {
      await expect(openDatabase(reopen)).rejects.toThrow(
        `The database has migration one made ${new Date(LATER).toISOString()}, this build knows up to ${newest.tag}`,
      );
    } finally {
      await drop();
    }
  });
});
