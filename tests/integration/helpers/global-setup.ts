import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "@/server/db/open-database";
import { adminClient, withDatabase } from "./postgres-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data folder, loaded by every PGlite test database instead of migrating it. */
    pgliteTemplateFile: string;
    /** A migrated Postgres database that every Postgres test database is created from (TEST_DATABASE_URL only). */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database of each kind once per run; test files clone them (about 1 s instead of 3-6 s per file on
 * PGlite, where start-up and migrations were most of the integration stage's time).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-tpl-"));
  const file = path.join(dir, "pglite.tar");
  const handle = await openDatabase({ dataDir: "memory://" });
  const dump = await handle.dumpDataDir?.();
  await handle.close();
  if (!dump) throw new Error("the PGlite handle cannot dump its data folder");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplateFile", file);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (adminUrl) {
    template = `kewl_tpl_${randomBytes(6).toString("hex")}`;
    const admin = await adminClient(adminUrl);
    await admin.query(`create database ${template}`);
    await admin.end();
    const migrated = await openDatabase({ databaseUrl: withDatabase(adminUrl, template), poolSize: 1 });
    await migrated.close();
  }
  project.provide("postgresTemplate", template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
