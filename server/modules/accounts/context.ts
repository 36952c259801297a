import type { Config } from "../../config";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import type { KeyValueStore } from "../limits/key-value-store";

/** What the account flows need from the request and the process. */
export interface AccountsContext {
  db: Db;
  config: Config;
  store: KeyValueStore;
  logger: Logger;
  /** The client address, for rate limits. */
  ip: string;
  /** Origin for links in e-mails when PUBLIC_BASE_URL is unset (the request's own origin). */
  origin: string;
}

/** E-mails are kept and compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Base URL for links in e-mails: PUBLIC_BASE_URL when set, else the request's origin. */
export function linkBase(ctx: Pick<AccountsContext, "config" | "origin">): string {
  return (ctx.config.PUBLIC_BASE_URL ?? ctx.origin).replace(/\/+$/, "");
}
