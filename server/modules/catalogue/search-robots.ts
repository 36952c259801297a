import { and, count, desc, sql } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { RobotPage } from "../../../lib/contracts/catalogue";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { cachedRead } from "./catalogue-cache";
import { cardColumns, toCards, visibleTo } from "./robot-cards";

export interface SearchInput {
  keyword: string;
  page: number;
  pageSize: number;
}

/** Search totals stop counting here: "1000+" is as useful as 27,203 and much cheaper to compute. */
export const SEARCH_TOTAL_CAP = 1000;
/** Shorter keywords match too many names by trigrams ("the", "al"); they rely on full-text search only. */
const TRIGRAM_MIN_LENGTH = 4;

/**
 * Full-text search over name (weight A), tag names (B) and intro (C), plus trigram word similarity on names so
 * "captian" still finds "Captain Mira Voss". Both conditions are served by GIN indexes.
 */
export function searchRobots(db: Db, input: SearchInput, viewer: Viewer): Promise<RobotPage> {
  const keyword = input.keyword.trim().toLowerCase().replace(/\s+/g, " ");
  const key = `search:${keyword}:${input.page}:${input.pageSize}:${viewer.nsfw}`;
  return cachedRead(key, async () => {
    const query = sql`websearch_to_tsquery('english', ${keyword})`;
    const fullText = sql`${robots.searchVector} @@ ${query}`;
    const matches =
      keyword.length >= TRIGRAM_MIN_LENGTH ? sql`(${fullText} or ${keyword} <% lower(${robots.name}))` : fullText;
    const score = sql`(ts_rank(${robots.searchVector}, ${query}) + word_similarity(${keyword}, lower(${robots.name})))`;
    const where = and(visibleTo(viewer), matches);
    const [rows, counted] = await Promise.all([
      db
        .select(cardColumns)
        .from(robots)
        .where(where)
        .orderBy(desc(score), desc(robots.chatCount), robots.id)
        .limit(input.pageSize)
        .offset((input.page - 1) * input.pageSize),
      db
        .select({ n: count() })
        .from(db.select({ one: sql`1`.as("one") }).from(robots).where(where).limit(SEARCH_TOTAL_CAP).as("capped")),
    ]);
    const total = counted[0]?.n ?? 0;
    return { list: await toCards(db, rows), total, page: input.page, page_size: input.pageSize };
  });
}
