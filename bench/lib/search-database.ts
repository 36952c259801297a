/** The search bench's database: a fresh PGlite or scratch Postgres database, and the bulk insert of the corpus. */
import type { DbHandle } from "../../server/db/types";
import { onCleanup, out } from "./harness";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "./scratch-database";
import type { GeneratedRobot } from "./search-corpus";

export type Driver = "postgres" | "pglite";

export const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`);

/** Runs raw SQL with $n parameters on either driver's client and returns plain row objects. */
export type Raw = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

function rawOf(handle: DbHandle): Raw {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.driver === "postgres") {
    const pool = client as import("pg").Pool;
    return async (sql, params = []) => (await pool.query(sql, params)).rows as Record<string, unknown>[];
  }
  const pglite = client as import("@electric-sql/pglite").PGlite;
  return async (sql, params = []) => (await pglite.query<Record<string, unknown>>(sql, params)).rows;
}

export interface BenchDb {
  driver: Driver;
  label: string;
  handle: DbHandle;
  raw: Raw;
  /** Closes the pool / PGlite and drops the Postgres database. */
  close: () => Promise<void>;
}

export async function openBenchDb(driver: Driver): Promise<BenchDb> {
  const { openDatabase } = await import("../../server/db/open-database");
  if (driver === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://" });
    let closed = false;
    const close = async () => {
      if (!closed) await handle.close();
      closed = true;
    };
    onCleanup("close PGlite", close);
    return { driver, label: "PGlite (in memory, in this process)", handle, raw: rawOf(handle), close };
  }

  const scratch = await createScratchDatabase(
    process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL,
    "kewl_bench_search_",
  );
  const handle = await openDatabase({ databaseUrl: scratch.url });
  let closed = false;
  const closePool = async () => {
    if (!closed) await handle.close();
    closed = true;
  };
  onCleanup("close bench pool", closePool);
  const [version] = await rawOf(handle)("select current_setting('server_version') as v, current_setting('jit') as jit");
  return {
    driver,
    label: `Postgres ${String(version?.v)} ${scratch.safeUrl} (jit=${String(version?.jit)})`,
    handle,
    raw: rawOf(handle),
    close: async () => {
      await closePool();
      await scratch.drop();
    },
  };
}

/** One statement per batch: rows as a JSON recordset, robots inserted, tags linked in robot_tags by key. */
const INSERT_BATCH_SQL = `
with src as (
  select * from jsonb_to_recordset($1::jsonb) as x(
    key text, name text, intro text, avatar text, nsfw boolean, chat_count bigint, favorite_count bigint,
    tag_text text, tag_keys text)
), ins as (
  insert into robots (key, creator_id, name, intro, greeting, persona, avatar, nsfw, chat_count, favorite_count, tag_text)
  select key, $2::uuid, name, intro, 'Hello, {{user}}.', '{{char}} is a generated benchmark character.', avatar, nsfw,
         chat_count, favorite_count, tag_text
  from src
  returning id, key
)
insert into robot_tags (robot_id, tag_id)
select ins.id, t.id
from ins
join src on src.key = ins.key
cross join lateral unnest(string_to_array(src.tag_keys, ',')) as k(tag_key)
join tags t on t.key = k.tag_key`;

export async function fill(db: BenchDb, corpus: GeneratedRobot[]): Promise<void> {
  const { seedDemo } = await import("../../server/db/seed/seed-demo");
  let t = performance.now();
  const seeded = await seedDemo(db.handle.db);
  out(`  seedDemo: ${seeded.characters} demo characters in ${ms(performance.now() - t)}`);

  t = performance.now();
  const [studio] = await db.raw("select id from users where key = 'kewl-studio'");
  const batch = 5000;
  for (let i = 0; i < corpus.length; i += batch) {
    await db.raw(INSERT_BATCH_SQL, [JSON.stringify(corpus.slice(i, i + batch)), studio?.id ?? null]);
  }
  out(
    `  bulk insert: ${corpus.length.toLocaleString("en")} generated characters in ${ms(performance.now() - t)} (${batch}-row statements)`,
  );

  // VACUUM also flushes the GIN pending lists (fastupdate) the bulk insert left, as autovacuum would in production.
  t = performance.now();
  await db.raw("vacuum (analyze) robots");
  await db.raw("analyze robot_tags");
  await db.raw("analyze tags");
  // The search lexicon the triggers filled during the insert (autovacuum's analyze would reach it in production).
  await db.raw("analyze search_words");
  await db.raw("analyze search_word_variants");
  out(
    `  vacuum (analyze) robots, analyze robot_tags, tags, search_words, search_word_variants: ${ms(performance.now() - t)}`,
  );

  const [stats] = await db.raw(`
    select (select count(*) from robots)::int as robots,
           (select count(*) from robots where nsfw)::int as nsfw,
           (select count(*) from robot_tags)::int as links,
           pg_size_pretty(pg_table_size('robots')) as table_size,
           pg_size_pretty(pg_relation_size('robots_search_idx')) as search_idx,
           pg_size_pretty(pg_relation_size('robots_name_trgm_idx')) as trgm_idx`);
  out(
    `  data: ${Number(stats?.robots).toLocaleString("en")} robots (${Number(stats?.nsfw).toLocaleString("en")} nsfw), ` +
      `${Number(stats?.links).toLocaleString("en")} robot_tags rows; robots table ${String(stats?.table_size)}, ` +
      `robots_search_idx ${String(stats?.search_idx)}, robots_name_trgm_idx ${String(stats?.trgm_idx)}`,
  );
}

// ---------------------------------------------------------------------------------------------- queries
