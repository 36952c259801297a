import diagnostics_channel from "node:diagnostics_channel";
import { PGlite } from "@electric-sql/pglite";
import { count, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/server/db/open-database";
import { tags } from "@/server/db/schema";
import { preparedStatementsClient } from "@/server/db/pglite-prepared-client";
import { PGLITE_STATEMENT_CHANNEL, type PgliteStatementMessage } from "@/server/db/pglite-statement-channel";

describe("the PGlite client on prepared statements", () => {
  let pg: PGlite;
  let client: PGlite;
  const preparedCount = async () =>
    (await pg.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements")).rows[0]!.n;

  beforeAll(async () => {
    pg = await PGlite.create("memory://");
    await pg.exec(`create table items (
      id int primary key, name text not null, big bigint, flag boolean, doc jsonb, at timestamptz, tags text[], raw bytea, uid uuid
    )`);
    client = preparedStatementsClient(pg);
  });
  afterAll(async () => pg?.close());

  it("returns what PGlite's own query returns, for each type and both row modes", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    const insert = "insert into items values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *";
    const params = [
      1,
      "Ada",
      9_007_199_254_740_991n,
      true,
      { a: [1, "x"], b: null },
      at,
      ["x", "y,z"],
      new Uint8Array([0, 255]),
      "0b8e5d0c-3f1e-4d6a-9d8e-1f2a3b4c5d6e",
    ];
    const ours = await client.query(insert, params);
    const select = "select * from items where id = $1 and name = $2";
    for (const options of [undefined, { rowMode: "array" as const }, { parsers: { 1184: (v: string) => `tz:${v}` } }]) {
      const expected = await pg.query(select, [1, "Ada"], options);
      const actual = await client.query(select, [1, "Ada"], options);
      expect(actual.rows).toEqual(expected.rows);
      expect(actual.fields).toEqual(expected.fields);
    }
    expect(ours.rows).toEqual((await pg.query(select, [1, "Ada"])).rows);
    expect(ours.affectedRows).toBe(1);
    const [row] = (await client.query<{ doc: unknown; at: Date; tags: string[] }>(select, [1, "Ada"])).rows;
    expect(row).toMatchObject({ doc: { a: [1, "x"], b: null }, at, tags: ["x", "y,z"] });
  });

  it("prepares a statement once and reuses it, with nulls among the parameters", async () => {
    const before = await preparedCount();
    const text = "select $1::text as a, $2::int as b";
    expect((await client.query(text, ["x", null])).rows).toEqual([{ a: "x", b: null }]);
    expect((await client.query(text, [null, 7])).rows).toEqual([{ a: null, b: 7 }]);
    expect(await preparedCount()).toBe(before + 1);
  });

  it("publishes each run's text, time and rows on its diagnostics channel while something listens", async () => {
    const runs: PgliteStatementMessage[] = [];
    const listen = (message: unknown) => runs.push(message as PgliteStatementMessage);
    const text = "select g from generate_series(1, $1::int) as g";
    await client.query(text, [2]);
    diagnostics_channel.subscribe(PGLITE_STATEMENT_CHANNEL, listen);
    try {
      await client.query(text, [3]);
    } finally {
      diagnostics_channel.unsubscribe(PGLITE_STATEMENT_CHANNEL, listen);
    }
    await client.query(text, [4]);
    expect(runs).toEqual([{ text, ms: expect.any(Number), rows: 3 }]);
    expect(runs[0]!.ms).toBeGreaterThanOrEqual(0);
  });

  it("throws the database's error, keeps no broken statement, and goes on working", async () => {
    const before = await preparedCount();
    await expect(client.query("selec 1")).rejects.toMatchObject({ code: "42601" });
    await expect(client.query("insert into items (id, name) values ($1, $2)", [1, "dup"])).rejects.toMatchObject({
      code: "23505",
    });
    expect(await preparedCount()).toBe(before + 1); // the insert parsed; only its run failed
    expect((await client.query("select count(*)::int as n from items")).rows).toEqual([{ n: 1 }]);
  });

  it("prepares again when its statements were deallocated behind its back", async () => {
    const text = "select name from items where id = $1";
    expect((await client.query(text, [1])).rows).toEqual([{ name: "Ada" }]);
    await pg.exec("deallocate all");
    expect((await client.query(text, [1])).rows).toEqual([{ name: "Ada" }]);
  });

  it("prepares again when a schema change altered a statement's result (0A000), also after a failed transaction", async () => {
    await pg.exec("create table shifting (id int primary key, a text)");
    await pg.exec("insert into shifting values (1, 'x')");
    const text = "select * from shifting where id = $1";
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: "x" }]);
    await pg.exec("alter table shifting add column b int default 7");
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: "x", b: 7 }]);

    // Inside a transaction the failed run has aborted it: the error stands, and the statement is prepared anew after.
    await pg.exec("alter table shifting drop column b");
    await expect(
      client.transaction(async (tx) => {
        await tx.query(text, [1]);
      }),
    ).rejects.toMatchObject({ code: "0A000" });
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: "x" }]);
    // The stale statement was closed, not left behind: one prepared statement for this text.
    const same = await pg.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where statement = $1",
      [text],
    );
    expect(same.rows).toEqual([{ n: 1 }]);
  });

  it("can be switched off: openDatabase({ preparedStatements: false }) runs PGlite's own query", async () => {
    for (const preparedStatements of [true, false]) {
      const handle = await openDatabase({ dataDir: "memory://", preparedStatements });
      try {
        await handle.db.select().from(tags).limit(1);
        const [prepared] = await handle.db.select({ n: count() }).from(sql`pg_prepared_statements`);
        expect(prepared).toEqual({ n: preparedStatements ? 2 : 0 });
      } finally {
        await handle.close();
      }
    }
  });

  it("keeps at most 200 statements, closing the least recently used", async () => {
    for (let i = 0; i < 260; i++) {
      expect((await client.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    }
    expect(await preparedCount()).toBe(200);
    // the newest are still prepared, the oldest were closed
    const names = (await pg.query<{ statement: string }>("select statement from pg_prepared_statements")).rows.map(
      (r) => r.statement,
    );
    expect(names).toContain("select $1::int + 259 as n");
    expect(names).not.toContain("select $1::int + 0 as n");
  });

  it("lets two clients share one PGlite without their statement names clashing", async () => {
    const other = preparedStatementsClient(pg);
    expect((await other.query("select $1::int as n", [5])).rows).toEqual([{ n: 5 }]);
    expect((await client.query("select $1::int as n, 'mine' as who", [6])).rows).toEqual([{ n: 6, who: "mine" }]);
  });

  it("runs drizzle's transactions: commits, rolls back on error, and statements outside wait for them", async () => {
    const db = drizzle({ client });
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into items (id, name) values (${10}, ${"in tx"})`);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into items (id, name) values (${11}, ${"rolled back"})`);
        throw new Error("give up");
      }),
    ).rejects.toThrow("give up");
    const names = async () =>
      (await client.query<{ name: string }>("select name from items where id >= $1 order by id", [10])).rows.map(
        (r) => r.name,
      );
    expect(await names()).toEqual(["in tx"]);

    let begun: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => (begun = resolve));
    let issued: () => void = () => undefined;
    const outsideIssued = new Promise<void>((resolve) => (issued = resolve));
    const open = db.transaction(async (tx) => {
      begun();
      // The outside read has been issued before the insert; run in the transaction's middle, it would see the
      // table without it.
      await outsideIssued;
      await tx.execute(sql`insert into items (id, name) values (${12}, ${"later"})`);
    });
    await inside;
    const outside = names();
    issued();
    await open;
    // The outside read waited for the transaction to end instead of running in its middle.
    expect(await outside).toEqual(["in tx", "later"]);
  });
});
