import { and, count, sql } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { RobotPage } from "../../../lib/contracts/catalogue";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { cachedRead } from "./catalogue-cache";
import { visibleCharacters } from "./character-visibility";
import { toCards } from "./robot-cards";
import { SEARCH_TOTAL_CAP, type SearchTerms } from "./search-terms";
import { searchByPopularity } from "./search-by-popularity";
import { searchByRelevance } from "./search-by-relevance";

export { SEARCH_TOTAL_CAP } from "./search-terms";

export interface SearchInput {
  keyword: string;
  page: number;
  pageSize: number;
}

/** Shorter keywords match too many names by trigrams ("the", "al"); they rely on full-text search only. */
const TRIGRAM_MIN_LENGTH = 4;

/**
 * Full-text search over name (weight A), tag names (B) and intro (C), plus trigram word similarity on names so
 * "captian" still finds "Captain Mira Voss".
 *
 * A capped count of the full-text matches picks the plan. Under SEARCH_TOTAL_CAP the matches are ranked by
 * relevance. From the cap on ("horror", "dragon") ranking would read every match, so the characters whose name
 * matches come first and then the other matches, most chatted first, read in popularity-index order
 * (search-by-popularity.ts); the total is then the cap, which is exact under the contract ("1000+").
 */
export function searchRobots(db: Db, input: SearchInput, viewer: Viewer): Promise<RobotPage> {
  const keyword = input.keyword.trim().toLowerCase().replace(/\s+/g, " ");
  const key = `search:${keyword}:${input.page}:${input.pageSize}:${viewer.nsfw}`;
  return cachedRead(key, async () => {
    const query = sql`websearch_to_tsquery('english', ${keyword})`;
    const terms: SearchTerms = {
      keyword,
      query,
      visible: visibleCharacters({ nsfw: viewer.nsfw }),
      fullText: sql`${robots.searchVector} @@ ${query}`,
      exactName: sql`lower(${robots.name}) = ${keyword}`,
      trigrams: keyword.length >= TRIGRAM_MIN_LENGTH,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    };
    const broad = (await countFullTextMatches(db, terms)) >= SEARCH_TOTAL_CAP;
    const { rows, total } = broad ? await searchByPopularity(db, terms) : await searchByRelevance(db, terms);
    return { list: await toCards(db, rows), total, page: input.page, page_size: input.pageSize };
  });
}

/** Full-text matches the viewer may see, counted up to the cap: cheap, the GIN index finds them. */
async function countFullTextMatches(db: Db, terms: SearchTerms): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(robots)
    .where(and(terms.visible, terms.fullText))
    .limit(SEARCH_TOTAL_CAP)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}
