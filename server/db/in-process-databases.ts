import type { Db } from "./types";

const inProcess = new WeakSet<Db>();

/** Marks a database whose statements run on this process's own thread (PGlite), not in a server of their own. */
export function markInProcess(db: Db): void {
  inProcess.add(db);
}

/** Whether `db`'s statements take this process's thread while they run (PGlite). */
export function runsInProcess(db: Db): boolean {
  return inProcess.has(db);
}
