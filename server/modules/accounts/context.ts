import type { Config } from "../../config";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import { publicBaseUrl } from "../../public-base-url";
import type { KeyValueStore } from "../limits/key-value-store";

/** What the account flows need from the request and the process. */
export interface AccountsContext {
  db: Db;
  config: Config;
  store: KeyValueStore;
  logger: Logger;
  /** The client address, for rate limits. */
  ip: string;
}

/** E-mails are kept and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Base URL for links in e-mails and the OAuth redirects (never from the request's headers). */
export function linkBase(ctx: Pick<AccountsContext, "config">): string {
  return publicBaseUrl(ctx.config);
}
