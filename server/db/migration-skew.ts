import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Refuses a database migrated by a newer build. drizzle's migrator only compares the database's latest
 * migration time with the build's, so an older build would start without a word and fail on the first query
 * that meets the newer schema. drizzle keeps no migration names, so each build also records its own tags beside
 * drizzle's table: an older build can then name what it does not know.
 */

/** The driver's query (pg's client or PGlite): text and parameters in, rows out. */
export type MigrationQuery = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface JournalEntry {
  tag: string;
  when: number;
}

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number().int() })) });
const appliedRows = z.array(z.object({ created_at: z.string(), tag: z.string().nullable() }));
const existsRows = z.array(z.object({ present: z.boolean() }));

const TAGS_TABLE = "drizzle.kewl_migration_tags";

/** The build's migrations, oldest first (meta/_journal.json of the migrations folder). */
export function readJournal(migrationsFolder: string): JournalEntry[] {
  const file = path.join(migrationsFolder, "meta", "_journal.json");
  return journalSchema.parse(JSON.parse(fs.readFileSync(file, "utf8"))).entries;
}

function describeMigration(createdAt: string, tag: string | null): string {
  if (tag) return tag;
  const millis = Number(createdAt);
  return `one made ${Number.isFinite(millis) ? new Date(millis).toISOString() : createdAt}`;
}

/** Throws, naming both versions, when the database has applied a migration this build's journal lacks. */
export async function refuseUnknownMigrations(query: MigrationQuery, journal: JournalEntry[]): Promise<void> {
  const exists = existsRows.parse(
    (await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present")).rows,
  );
  if (!exists[0]?.present) return;
  const tagsExist = existsRows.parse((await query(`select to_regclass('${TAGS_TABLE}') is not null as present`)).rows);
  const applied = appliedRows.parse(
    (
      await query(
        tagsExist[0]?.present
          ? `select m.created_at::text as created_at, t.tag from drizzle.__drizzle_migrations m
             left join ${TAGS_TABLE} t on t.created_at = m.created_at order by m.created_at`
          : "select created_at::text as created_at, null::text as tag from drizzle.__drizzle_migrations order by created_at",
      )
    ).rows,
  );
  const known = new Set(journal.map((entry) => String(entry.when)));
  const unknown = applied.filter((row) => !known.has(row.created_at));
  const newest = unknown.at(-1);
  if (!newest) return;
  const ours = journal.at(-1)?.tag ?? "no migrations";
  throw new Error(
    `The database has migration ${describeMigration(newest.created_at, newest.tag)}` +
      (unknown.length > 1 ? ` (and ${unknown.length - 1} more)` : "") +
      `, this build knows up to ${ours}: run the newer build or restore a backup from before it.`,
  );
}

/** Records the build's migration tags, so an older build meeting this database can name them. */
export async function recordMigrationTags(query: MigrationQuery, journal: JournalEntry[]): Promise<void> {
  await query(`create table if not exists ${TAGS_TABLE} (created_at bigint primary key, tag text not null)`);
  if (journal.length === 0) return;
  await query(
    `insert into ${TAGS_TABLE} (created_at, tag)
     select created_at, tag from jsonb_to_recordset($1::jsonb) as j(created_at bigint, tag text)
     on conflict (created_at) do nothing`,
    [JSON.stringify(journal.map((entry) => ({ created_at: entry.when, tag: entry.tag })))],
  );
}
