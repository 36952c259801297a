import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import type { PaymentProvider } from "../../providers/payments/types";
import type { StorageProvider } from "../../providers/storage/types";
import type { KeyValueStore } from "../limits/key-value-store";

/** What the account's own data calls need: the database, the limits' store, the files and the payment provider. */
export interface AccountDataDeps {
  db: Db;
  store: KeyValueStore;
  storage: StorageProvider;
  /** Null when payments are off. */
  payments: PaymentProvider | null;
  logger: Logger;
}
