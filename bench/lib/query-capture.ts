/**
 * A second drizzle instance over a handle's own client, with a logger that records every statement it sends:
 * how the benches get the exact SQL the app generates (bench/search.ts for EXPLAIN, bench/api-throughput.ts for
 * its plain baseline).
 */
import type { Db, DbHandle } from "../../server/db/types";

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

export async function capturingDb(handle: DbHandle): Promise<{ db: Db; captured: CapturedQuery[] }> {
  const schema = await import("../../server/db/schema");
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const captured: CapturedQuery[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ sql: query, params }) };
  let db: Db;
  if (handle.driver === "postgres") {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    db = drizzle(client as import("pg").Pool, { schema, logger }) as unknown as Db;
  } else {
    const { drizzle } = await import("drizzle-orm/pglite");
    db = drizzle(client as import("@electric-sql/pglite").PGlite, { schema, logger }) as unknown as Db;
  }
  return { db, captured };
}
