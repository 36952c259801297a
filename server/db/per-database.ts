import type { Db } from "./types";

/**
 * What `build` makes from a database, made once per database and kept while it lives: a hot statement prepared
 * with placeholders (drizzle builds its SQL once, not on every run), or a writer shared by every caller.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}
