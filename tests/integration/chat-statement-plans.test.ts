import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DbHandle } from "@/server/db/types";
import { buildContextRead } from "@/server/modules/chat/reply-context-statement";
import { turnStatement } from "@/server/modules/chat/turn-statement";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const planNode: z.ZodType<PlanNode> = z.lazy(() =>
  z.object({
    "Node Type": z.string(),
    "Relation Name": z.string().optional(),
    "Index Name": z.string().optional(),
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
    "the context read (a given chat: %s) finds each session by its token's index",
    async (byChat) => {
      const nodes = await genericPlan(database, buildContextRead(database.db, byChat).getQuery().sql);
      expect(scansOf(nodes, "auth_tokens")).toEqual(["Index Scan auth_tokens_hash_uq"]);
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
