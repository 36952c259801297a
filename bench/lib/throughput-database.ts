/**
 * The database of bench/api-throughput.ts: a scratch Postgres database or an in-memory PGlite, migrated and
 * seeded with the demo, plus the SQL text drizzle generates for listTags (the plain baseline sends it raw).
 */
import type { DbHandle } from "../../server/db/types";
import { onCleanup } from "./harness";
import { capturingDb } from "./query-capture";
import { createScratchDatabase } from "./scratch-database";

export interface BenchDatabase {
  label: string;
  /** Only for the Postgres mode: the URL of the bench database. */
  url?: string;
  handle: DbHandle;
  sql: string;
  params: unknown[];
  /** The result keys listTags answers with, in column order (drizzle maps array rows to them). */
  fields: string[];
  rows: number;
}

/** Runs listTags once on a drizzle instance over the same client with a logger, to get the exact SQL. */
async function captureListTagsSql(
  handle: DbHandle,
): Promise<{ sql: string; params: unknown[]; fields: string[]; rows: number }> {
  const { listTags } = await import("../../server/modules/catalogue/tags");
  const { db, captured: queries } = await capturingDb(handle);
  const rows = await listTags(db);
  const captured = queries.at(-1);
  if (!captured) throw new Error("could not capture the SQL of listTags");
  const first = rows[0];
  if (!first) throw new Error("listTags returned no rows: the seed did not load any tag");
  return { ...captured, fields: Object.keys(first), rows: rows.length };
}

/** A fresh database kewl_bench_<random> on the server at adminUrl, dropped at the end. */
export async function openPostgres(adminUrl: string): Promise<BenchDatabase> {
  const { openDatabase } = await import("../../server/db/open-database");
  const { seedDemo } = await import("../../server/db/seed/seed-demo");
  const scratch = await createScratchDatabase(adminUrl, "kewl_bench_");
  const handle = await openDatabase({ databaseUrl: scratch.url });
  onCleanup("close bench pool", () => handle.close());
  await seedDemo(handle.db);
  const { sql, params, fields, rows } = await captureListTagsSql(handle);
  return { label: `Postgres ${scratch.safeUrl}`, url: scratch.url, handle, sql, params, fields, rows };
}

export async function openPglite(): Promise<BenchDatabase> {
  const { openDatabase } = await import("../../server/db/open-database");
  const { seedDemo } = await import("../../server/db/seed/seed-demo");
  const handle = await openDatabase({ dataDir: "memory://" });
  onCleanup("close PGlite", () => handle.close());
  await seedDemo(handle.db);
  const { sql, params, fields, rows } = await captureListTagsSql(handle);
  return { label: "PGlite (in memory, in this process)", handle, sql, params, fields, rows };
}
