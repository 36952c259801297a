import { and, count, eq, sql } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { RobotPage, RobotSort } from "../../../lib/contracts/catalogue";
import { robots, robotTags, tags } from "../../db/schema";
import type { Db } from "../../db/types";
import { cachedRead } from "./catalogue-cache";
import { visibleCharacters } from "./character-visibility";
import { cardColumns, toCards } from "./robot-cards";
import { popularFirst } from "./search-terms";

export interface ListRobotsInput {
  tagKey?: string;
  /** popular (the default): most chatted first; new: newest first. */
  sort?: RobotSort;
  page: number;
  pageSize: number;
}

/**
 * Newest first. "desc nulls last" on both columns matches robots_new_idx (created_at desc, id desc, nulls last):
 * the planner walks it and stops once the page is full, also for one tag (each row's tag checked in robot_tags).
 */
const newestFirst = [sql`${robots.createdAt} desc nulls last`, sql`${robots.id} desc nulls last`] as const;

/** Characters, most chatted with or newest first, optionally of one tag. Null when the tag does not exist. */
export function listRobots(db: Db, input: ListRobotsInput, viewer: Viewer): Promise<RobotPage | null> {
  const sort = input.sort ?? "popular";
  const key = `list:${input.tagKey ?? "*"}:${sort}:${input.page}:${input.pageSize}:${viewer.nsfw}`;
  return cachedRead(key, async () => {
    let tagId: number | undefined;
    if (input.tagKey) {
      const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.key, input.tagKey)).limit(1);
      if (!tag) return null;
      tagId = tag.id;
    }
    const inTag = tagId === undefined ? undefined : eq(robotTags.tagId, tagId);
    const where = and(visibleCharacters({ nsfw: viewer.nsfw }), inTag);
    const base = () => {
      const q = db.select(cardColumns).from(robots);
      return tagId === undefined ? q : q.innerJoin(robotTags, eq(robotTags.robotId, robots.id));
    };
    const totalQuery = db.select({ n: count() }).from(robots);
    const [rows, [total]] = await Promise.all([
      base()
        .where(where)
        .orderBy(...(sort === "new" ? newestFirst : popularFirst))
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize),
      (tagId === undefined ? totalQuery : totalQuery.innerJoin(robotTags, eq(robotTags.robotId, robots.id))).where(
        where,
      ),
    ]);
    return { list: await toCards(db, rows), total: total?.n ?? 0, page: input.page, page_size: input.pageSize };
  });
}

/** A creator's public characters (their profile page), most chatted with first. */
export async function listCreatorRobots(
  db: Db,
  creatorId: string,
  input: { page: number; pageSize: number },
  viewer: Viewer,
): Promise<RobotPage> {
  const where = and(visibleCharacters({ nsfw: viewer.nsfw }), eq(robots.creatorId, creatorId));
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(robots)
      .where(where)
      .orderBy(...popularFirst)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(robots).where(where),
  ]);
  return { list: await toCards(db, rows), total: total?.n ?? 0, page: input.page, page_size: input.pageSize };
}
