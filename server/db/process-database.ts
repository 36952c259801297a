import type { DbHandle } from "./types";

// Next bundles server code separately from server/main.ts, so a module-level singleton would exist
// several times in one process. The one handle lives on globalThis under a registry symbol.
const KEY = Symbol.for("kewl.database");
type Holder = { [KEY]?: DbHandle };

export function setProcessDatabase(handle: DbHandle | undefined): void {
  (globalThis as Holder)[KEY] = handle;
}

export function getProcessDatabase(): DbHandle {
  const handle = (globalThis as Holder)[KEY];
  if (!handle) throw new Error("The database is not open: start the app through server/main.ts");
  return handle;
}
