import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startAutoAnalyze, type AutoAnalyze } from "@/server/db/pglite-auto-analyze";

/** PGlite has no autovacuum daemon: pglite-auto-analyze.ts analyses the tables that changed, as it would. */
describe("PGlite's planner statistics kept current", () => {
  let pg: PGlite;
  let analyzer: AutoAnalyze;
  let table = 0;
  /** A new table of its own for each test (one database for the file: PGlite takes seconds to start). */
  let notes = "";
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(async () => pg?.close());
  beforeEach(async () => {
    notes = `notes_${++table}`;
    await pg.exec(`create table ${notes} (id int primary key, kind text not null)`);
    analyzer = startAutoAnalyze(pg, { intervalMs: false });
  });
  afterEach(async () => {
    await analyzer.stop();
    // What a test left changed is analysed here, so that the next one starts with nothing to analyse.
    await startAutoAnalyze(pg, { intervalMs: false }).runOnce();
  });

  const insertNotes = (from: number, to: number) =>
    pg.exec(
      `insert into ${notes} select i, case when i % 2 = 0 then 'even' else 'odd' end from generate_series(${from}, ${to}) i`,
    );
  const reltuples = async (name: string) =>
    z
      .array(z.object({ reltuples: z.number() }))
      .parse((await pg.query("select reltuples from pg_class where relname = $1", [name])).rows)[0]?.reltuples;

  it("analyses a table once its changes pass autovacuum's thresholds (50 rows and a tenth), and only then", async () => {
    await insertNotes(1, 40);
    expect(await analyzer.runOnce()).toEqual([]);
    // Never analysed: the planner's own estimate applies (reltuples -1), not that of an empty table.
    expect(await reltuples(notes)).toBe(-1);

    await insertNotes(41, 1000);
    expect(await analyzer.runOnce()).toEqual([`public.${notes}`]);
    expect(await reltuples(notes)).toBe(1000);
    expect(await analyzer.runOnce()).toEqual([]);

    // 50 + 100 rows for 1,000: 140 updates are not enough, 20 more are.
    await pg.exec(`update ${notes} set kind = 'changed' where id <= 140`);
    expect(await analyzer.runOnce()).toEqual([]);
    await pg.exec(`update ${notes} set kind = 'changed' where id > 140 and id <= 160`);
    expect(await analyzer.runOnce()).toEqual([`public.${notes}`]);
  });

  it("samples few rows (a histogram of at most 11 bounds), quotes names, and analyses the most changed table first", async () => {
    await pg.exec(`create table "Odd Name" (id int primary key)`);
    await insertNotes(1, 5000);
    await pg.exec(`insert into "Odd Name" select i from generate_series(1, 100) i`);
    expect(await analyzer.runOnce()).toEqual([`public.${notes}`, 'public."Odd Name"']);
    const [stats] = z
      .array(z.object({ bounds: z.number() }))
      .parse(
        (
          await pg.query(
            "select array_length(histogram_bounds::text::int[], 1) as bounds from pg_stats where tablename = $1 and attname = 'id'",
            [notes],
          )
        ).rows,
      );
    expect(stats?.bounds).toBeGreaterThan(1);
    expect(stats?.bounds).toBeLessThanOrEqual(11);
  });

  it("runs one pass at a time, and stop() waits for the pass under way", async () => {
    await insertNotes(1, 500);
    const first = analyzer.runOnce();
    expect(analyzer.runOnce()).toBe(first);
    const stopped = analyzer.stop();
    // The pass was under way when stop() was called: it ends before stop() does, and analyses nothing more.
    let passEnded = false;
    void first.then(() => (passEnded = true));
    await stopped;
    expect(passEnded).toBe(true);
    expect((await first).length).toBeLessThanOrEqual(1);
  });

  it("runs on its timer and says what it analysed", async () => {
    await analyzer.stop();
    await insertNotes(1, 500);
    const analysed = new Promise<string[]>((resolve) => {
      analyzer = startAutoAnalyze(pg, { intervalMs: 5, onAnalyzed: (tables) => resolve(tables) });
    });
    expect(await analysed).toEqual([`public.${notes}`]);
  });
});
