import { cookies } from "next/headers";
import { viewerFromCookies, type Viewer } from "../../lib/age-gate/cookies";
import { getProcessDatabase } from "../db/process-database";
import type { Db } from "../db/types";

/** For server components: the process's database and what this visitor may see. */
export async function pageContext(): Promise<{ db: Db; viewer: Viewer }> {
  const jar = await cookies();
  return { db: getProcessDatabase().db, viewer: viewerFromCookies((name) => jar.get(name)?.value) };
}

/** A positive page number from the query, else 1. */
export function pageParam(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
