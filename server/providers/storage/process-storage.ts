import type { StorageProvider } from "./types";

// As with the database handle (server/db/process-database.ts): Next bundles pages apart from server/main.ts, so
// the one storage provider lives on globalThis under a registry symbol.
const KEY = Symbol.for("kewl.storage");
type Holder = { [KEY]?: StorageProvider };

export function setProcessStorage(storage: StorageProvider | undefined): void {
  (globalThis as Holder)[KEY] = storage;
}

/** The process's file storage, or null before server/main.ts has set it (pages then draw generated avatars). */
export function getProcessStorage(): StorageProvider | null {
  return (globalThis as Holder)[KEY] ?? null;
}
