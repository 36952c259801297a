import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./types";

const dialect = new PgDialect();

/** A named statement built once: its values are `sql.placeholder`s, given to each run. */
export interface NamedStatement {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * `query` (its values `sql.placeholder(...)`) as the named prepared statement `name`, its SQL text built once.
 * On node-postgres each pooled connection parses and plans it once (then Postgres keeps a generic plan when it is
 * no worse), instead of on every run as for unnamed statements; PGlite's client prepares every statement by its
 * text already (pglite-prepared-client.ts). Built once, a statement run on every reply also no longer costs
 * drizzle's building of its text and parameters (about 20 kB of garbage a run: bench/README.md, issue 16, fourth
 * session). Keep the result per database (perDatabase).
 *
 * `name` must stand for one statement text: node-postgres refuses a name used for another text on a connection.
 */
export function prepareNamed(db: Db, name: string, query: SQL): NamedStatement {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return { execute: (values) => prepared.execute(values) };
}
