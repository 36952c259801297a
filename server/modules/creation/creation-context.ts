import type { Db } from "../../db/types";
import type { StorageProvider } from "../../providers/storage/types";
import type { KeyValueStore } from "../limits/key-value-store";

/** What the creation modules need from the process. */
export interface CreationDeps {
  db: Db;
  store: KeyValueStore;
  /** Where verified avatars live (a character's avatar must exist there). */
  storage: StorageProvider;
}
