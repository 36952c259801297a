/**
 * Checks bench/api-throughput.ts makes before measuring: both servers answer the same list, and whether each
 * one answers from a cache.
 */
import { randomBytes } from "node:crypto";
import { request } from "./harness";
import type { BenchDatabase } from "./throughput-database";
import { BODY, ENDPOINT } from "./throughput-options";
import type { Target } from "./throughput-targets";

async function fetchList(target: Target): Promise<unknown[]> {
  const answer = await request(target.port, "POST", ENDPOINT, BODY, 30_000);
  let parsed: { code?: unknown; data?: { list?: unknown } } | undefined;
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    /* reported below */
  }
  if (answer.status !== 200 || parsed?.code !== 0 || !Array.isArray(parsed?.data?.list)) {
    throw new Error(`${target.name}: POST ${ENDPOINT} answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  }
  return parsed.data.list as unknown[];
}

/** Both answer 200/code 0 with listTags' row count (else it throws); a content difference only warns. */
export async function verifySameAnswer(ours: Target, plain: Target, expectedRows: number): Promise<number> {
  const [a, b] = await Promise.all([fetchList(ours), fetchList(plain)]);
  if (a.length !== b.length || a.length !== expectedRows) {
    throw new Error(
      `answers differ: ${ours.name} data.list has ${a.length} rows, ${plain.name} has ${b.length}, listTags gave ${expectedRows}`,
    );
  }
  if (a.length === 0) throw new Error("data.list is empty on both: the seed did not load any tag");
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    process.stderr.write(`warning: same row count (${a.length}) but different contents between the two answers\n`);
  }
  return a.length;
}

/**
 * Whether each server answers from a cache: a tag inserted straight into the database (then removed) shows in
 * an uncached answer at once. server/modules/catalogue/catalogue-cache.ts keeps catalogue reads for 30 s, so
 * ours normally does not run the query on every request while plain does (unless --plain-cache).
 */
export async function probeCaching(
  db: BenchDatabase,
  ours: Target,
  plain: Target,
): Promise<{ ours: boolean; plain: boolean }> {
  const { tags } = await import("../../server/db/schema");
  const { eq } = await import("drizzle-orm");
  const key = `bench-probe-${randomBytes(4).toString("hex")}`;
  await db.handle.db.insert(tags).values({ key, name: "bench probe", description: "", sort: 2_000_000_000 });
  try {
    const [a, b] = await Promise.all([fetchList(ours), fetchList(plain)]);
    return { ours: a.length === db.rows, plain: b.length === db.rows };
  } finally {
    await db.handle.db.delete(tags).where(eq(tags.key, key));
  }
}
