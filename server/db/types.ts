import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

type Schema = typeof schema;
/** Either driver's drizzle handle: PGlite (embedded) or node-postgres (a real server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the data folder as a tar archive (a copy to start another database from). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: gives the tables that need it fresh planner statistics now, as its timer does; their names. */
  analyzeNow?(): Promise<string[]>;
}
