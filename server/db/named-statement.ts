import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./types";

const dialect = new PgDialect();

/**
 * Runs `query` as the named prepared statement `name`: on node-postgres each pooled connection parses and plans it
 * once (then Postgres keeps a generic plan when it is no worse), instead of parsing and planning it on every run
 * as unnamed statements are. PGlite's client prepares every statement by its text already
 * (pglite-prepared-client.ts), so there the name changes nothing.
 *
 * `name` must stand for one statement text: node-postgres refuses a name used for another text on a connection.
 * Use it for the hot statements whose text depends only on what the name says (their values are parameters).
 */
export async function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}
