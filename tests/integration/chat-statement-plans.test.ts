import { Placeholder, sql, TransactionRollbackError } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DbHandle } from "@/server/db/types";
import { buildContextRead } from "@/server/modules/chat/reply-context-statement";
import { turnStatement } from "@/server/modules/chat/turn-statement";
import { hashToken } from "@/server/modules/sessions/tokens";
import { createRobotAndModel, createUserWithSession } from "./helpers/fixtures";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}
const planNode: z.ZodType<PlanNode> = z.lazy(() =>
  z.object({
    "Node Type": z.string(),
    "Relation Name": z.string().optional(),
    "Index Name": z.string().optional(),
    "Actual Rows": z.number().optional(),
    "Actual Loops": z.number().optional(),
    "Rows Removed by Filter": z.number().optional(),
    Plans: z.array(planNode).optional(),
  }),
);
const explained = z.object({ rows: z.array(z.object({ "QUERY PLAN": z.array(z.object({ Plan: planNode })) })) });

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * The plan Postgres keeps for a prepared statement after its first runs (the generic one, made without the values),
 * on a database just migrated: tables empty, no statistics, as a new site's are when its statements are first run.
 */
async function genericPlan(database: DbHandle, text: string): Promise<PlanNode[]> {
  const params = new Set(text.match(/\$\d+/g) ?? []).size;
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local plan_cache_mode = force_generic_plan"));
    await tx.execute(sql.raw(`prepare kewl_plan_check as ${text}`));
    const values = params ? `(${Array.from({ length: params }, () => "null").join(", ")})` : "";
    const plan = explained.parse(await tx.execute(sql.raw(`explain (format json) execute kewl_plan_check${values}`)));
    await tx.execute(sql.raw("deallocate kewl_plan_check"));
    return nodesOf(plan.rows[0]!["QUERY PLAN"][0]!.Plan);
  });
}

const scansOf = (nodes: PlanNode[], table: string) =>
  nodes.filter((n) => n["Relation Name"] === table).map((n) => `${n["Node Type"]} ${n["Index Name"] ?? ""}`.trim());

/**
 * A reply's statements find each request's rows through an index by its own keys, whatever the planner guesses of
 * the tables, so that their cost follows the batch, not the tables (bench/chat-statements.ts). Before, the context
 * read's plan scanned every session for each batch, and a turn scanned every user message: on PGlite, whose tables
 * were never analysed, those plans stayed while the tables grew.
 */
describe.each(testDrivers())("a reply's statements, as planned on a new site's %s", (driver) => {
  let database: DbHandle;
  const dialect = new PgDialect();
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => database?.close());

  it.each([false, true])(
    "the context read (a given chat: %s) finds each session by its token's index, and every other row by an index",
    async (byChat) => {
      const nodes = await genericPlan(database, buildContextRead(database.db, byChat).getQuery().sql);
      expect(scansOf(nodes, "auth_tokens")).toEqual(["Index Scan auth_tokens_hash_uq"]);
      for (const table of ["users", "robots", "chat_sessions", "chat_memories", "chat_messages"]) {
        const scans = scansOf(nodes, table);
        expect(scans.length, table).toBeGreaterThan(0);
        expect(
          scans.filter((scan) => !scan.startsWith("Index Scan")),
          table,
        ).toEqual([]);
      }
    },
  );

  it.each([
    ["allowance", false],
    ["allowance", true],
    ["coins", false],
    ["coins", true],
    ["included", true],
  ] as const)("a turn paid by %s (an existing chat: %s) reads no table whole", async (kind, existing) => {
    const nodes = await genericPlan(database, dialect.sqlToQuery(turnStatement(kind, existing)).sql);
    for (const table of ["chat_messages", "chat_sessions", "wallets", "chat_daily_usage"]) {
      expect(
        scansOf(nodes, table).filter((scan) => scan.startsWith("Seq Scan")),
        table,
      ).toEqual([]);
    }
    // A new chat's first message needs no lookup; an existing chat's is one probe of its messages.
    expect(scansOf(nodes, "chat_messages").filter((scan) => !scan.startsWith("ModifyTable"))).toHaveLength(
      existing ? 1 : 0,
    );
  });
});

/** A value as an SQL literal (EXPLAIN takes no parameters). */
const literal = (value: unknown) =>
  typeof value === "number" || typeof value === "boolean" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/** Rows a table's scans read, over all their runs: those they returned and those their filters removed. */
const rowsRead = (nodes: PlanNode[], table: string) =>
  nodes
    .filter((n) => n["Relation Name"] === table)
    .reduce(
      (sum, n) => sum + ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0)) * (n["Actual Loops"] ?? 1),
      0,
    );

/**
 * Statistics lag behind a growing table: autovacuum (and PGlite's pass) analyses one after a tenth of it has
 * changed, and a prepared statement keeps its generic plan until then. On a new site whose tables were analysed at
 * a row or two, the context read's plan joined every user to every request of the batch and looked up a session
 * for each pair, a cost of users × requests × sessions; looked up request by request, each request reads at most
 * a table (bench/README.md, issue 16, nineteenth session).
 */
describe.each(testDrivers())("the context read on %s, planned while the tables were nearly empty", (driver) => {
  const BATCH = 8;
  const GROWN = 300;
  let database: DbHandle;
  let robotId: number;
  let firstToken: string;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    robotId = await createRobotAndModel(database.db, "plans", "Plans", "plans-model");
    firstToken = (await createUserWithSession(database.db)).token;
    await database.db.execute(sql`analyze`);
  });
  afterAll(async () => database?.close());

  /** The statement's values for a batch of requests by these sessions, for these chats (null: the latest). */
  const valuesFor = (
    statement: ReturnType<typeof buildContextRead>,
    requests: { tokenHash: string; chatId: string | null }[],
  ) => {
    const named: Record<string, unknown> = {
      tokenHashes: `{${requests.map((r) => r.tokenHash).join(",")}}`,
      robotIds: `{${requests.map(() => robotId).join(",")}}`,
      chatIds: `{${requests.map((r) => r.chatId ?? "NULL").join(",")}}`,
      now: new Date().toISOString(),
      day: new Date().toISOString().slice(0, 10),
    };
    return statement
      .getQuery()
      .params.map((p) => literal(p instanceof Placeholder ? named[p.name] : p))
      .join(", ");
  };

  it.each([false, true])("reads at most each table once per request (a given chat: %s)", async (byChat) => {
    const statement = buildContextRead(database.db, byChat);
    let nodes: PlanNode[] = [];
    // One transaction, rolled back: the generic plan is made on the small tables, then run on the grown ones.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw("set local plan_cache_mode = force_generic_plan"));
        await tx.execute(sql.raw(`prepare kewl_plan_run as ${statement.getQuery().sql}`));
        try {
          const first = { tokenHash: hashToken(firstToken), chatId: null };
          await tx.execute(sql.raw(`execute kewl_plan_run(${valuesFor(statement, [first])})`));
          const grown = await tx.execute(sql`
            with new_users as (
              insert into users (key, name) select 'plan_' || i, 'Plan' from generate_series(1, ${GROWN}::int) i
              returning id
            ), sessions as (
              insert into auth_tokens (user_id, kind, token_hash, expires_at)
              select id, 'session', md5(id::text), now() + interval '1 day' from new_users
              returning user_id, token_hash
            ), chats as (
              insert into chat_sessions (id, user_id, robot_id, model_key, last_message_at)
              select gen_random_uuid(), id, ${robotId}, 'plans-model', now() from new_users
              returning id, user_id
            )
            select sessions.token_hash, chats.id as chat_id
            from sessions join chats on chats.user_id = sessions.user_id limit ${BATCH}`);
          const requests = z
            .object({ rows: z.array(z.object({ token_hash: z.string(), chat_id: z.string() })) })
            .parse(grown)
            .rows.map((r) => ({ tokenHash: r.token_hash, chatId: byChat ? r.chat_id : null }));
          const plan = explained.parse(
            await tx.execute(
              sql.raw(`explain (analyze, format json) execute kewl_plan_run(${valuesFor(statement, requests)})`),
            ),
          );
          nodes = nodesOf(plan.rows[0]!["QUERY PLAN"][0]!.Plan);
        } finally {
          await tx.execute(sql.raw("deallocate kewl_plan_run"));
        }
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    // Every request found its session and user (the rows of the statement).
    expect(nodes[0]?.["Actual Rows"]).toBe(BATCH);
    for (const table of ["auth_tokens", "users", "robots", "chat_sessions"]) {
      expect(rowsRead(nodes, table), table).toBeLessThanOrEqual(BATCH * (GROWN + 2));
    }
  });
});
