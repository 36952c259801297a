import { asc, eq, inArray } from "drizzle-orm";
import { CREATION_CODES } from "../../../lib/contracts/creation";
import { robotTags, tags } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";

export interface ResolvedTag {
  id: number;
  key: string;
  name: string;
}

/** The catalogue tags behind these keys, in the catalogue's order; 400 40013 naming the first unknown key. */
export async function resolveTags(db: Db, keys: readonly string[]): Promise<ResolvedTag[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: tags.id, key: tags.key, name: tags.name })
    .from(tags)
    .where(inArray(tags.key, unique))
    .orderBy(asc(tags.sort), asc(tags.id));
  const unknown = unique.find((key) => !rows.some((r) => r.key === key));
  if (unknown !== undefined) throw new AppError(400, CREATION_CODES.UNKNOWN_TAG, `Unknown tag '${unknown}'`);
  return rows;
}

/** Names of the tags as robots.tag_text keeps them for search (as the seed writes it). */
export function tagText(resolved: readonly ResolvedTag[]): string {
  return resolved.map((t) => t.name).join(" ");
}

/** Replaces a character's tag links (inside the caller's transaction). */
export async function linkTags(db: Db, robotId: number, resolved: readonly ResolvedTag[]): Promise<void> {
  await db.delete(robotTags).where(eq(robotTags.robotId, robotId));
  if (resolved.length) await db.insert(robotTags).values(resolved.map((t) => ({ robotId, tagId: t.id })));
}
