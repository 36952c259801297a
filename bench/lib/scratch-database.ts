/**
 * A fresh, empty Postgres database for one bench run, created through an admin URL and dropped at the end
 * (`WITH (FORCE)`), also on error or Ctrl-C. Used by bench/search.ts and bench/api-throughput.ts.
 */
import { randomBytes } from "node:crypto";
import { onCleanup } from "./harness";

export const DEFAULT_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

export interface ScratchDatabase {
  name: string;
  /** Connection URL of the new database. */
  url: string;
  /** The same with the password masked, for printing. */
  safeUrl: string;
  /** Drops it; safe to call twice (it is also registered as a cleanup). */
  drop: () => Promise<void>;
}

/** Creates `<prefix><10 hex digits>` on the server at adminUrl. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const { default: pg } = await import("pg");
  const name = `${prefix}${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
    } finally {
      await c.end();
    }
  };
  onCleanup(`drop database ${name}`, drop);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const safe = new URL(url.toString());
  if (safe.password) safe.password = "***";
  return { name, url: url.toString(), safeUrl: safe.toString(), drop };
}
