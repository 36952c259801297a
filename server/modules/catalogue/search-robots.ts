import { and, count, sql, type SQL } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { z } from "zod";
import { PAGE_SIZE_DEFAULT, type RobotPage } from "../../../lib/contracts/catalogue";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { cachedRead } from "./catalogue-cache";
import { visibleCharacters } from "./character-visibility";
import { toCards } from "./robot-cards";
import { SEARCH_TOTAL_CAP, type SearchResult, type SearchTerms } from "./search-terms";
import { searchByPopularity } from "./search-by-popularity";
import { searchByRelevance } from "./search-by-relevance";
import { findTypoAlternatives, widenedQuery } from "./typo-query";

export { SEARCH_TOTAL_CAP } from "./search-terms";

export interface SearchInput {
  keyword: string;
  page: number;
  pageSize: number;
}

/** Shorter keywords match too many names by trigrams ("the", "al"); they rely on full-text search only. */
const TRIGRAM_MIN_LENGTH = 4;

/** Fewer exact matches than this (one page) and the keyword's typo alternatives are searched too. */
export const TYPO_THRESHOLD = PAGE_SIZE_DEFAULT;

/**
 * Full-text search over name (weight A), tag names (B) and intro (C), forgiving typos: a query word of 5+ letters
 * also matches the catalogue's words one typo away (a letter missing, extra, wrong, or two neighbours swapped),
 * 9+ letters two (typo-query.ts). Trigram word similarity on names still finds "captian" in "Captain Mira Voss".
 *
 * A capped count of the exact full-text matches picks the plan. Under TYPO_THRESHOLD exact matches the query is
 * widened to the typo alternatives; a keyword that finds more is taken as meant. From SEARCH_TOTAL_CAP matches on
 * ("horror", "dragon", or "hororr" once widened) ranking would read every match, so the exact matches whose name
 * matches come first and then the other matches, most chatted first, read in popularity-index order
 * (search-by-popularity.ts); the total is then the cap, which is exact under the contract ("1000+"). Under the
 * cap every match is ranked by relevance, exact matches first (search-by-relevance.ts).
 */
export function searchRobots(db: Db, input: SearchInput, viewer: Viewer): Promise<RobotPage> {
  const keyword = input.keyword.trim().toLowerCase().replace(/\s+/g, " ");
  const key = `search:${keyword}:${input.page}:${input.pageSize}:${viewer.nsfw}`;
  return cachedRead(key, async () => {
    const query = sql`websearch_to_tsquery('english', ${keyword})`;
    const visible = visibleCharacters({ nsfw: viewer.nsfw });
    const fullText = sql`${robots.searchVector} @@ ${query}`;
    const exact: SearchTerms = {
      keyword,
      query,
      visible,
      fullText,
      firstTier: sql`to_tsvector('english', ${robots.name}) @@ ${query}`,
      exactName: sql`lower(${robots.name}) = ${keyword}`,
      trigrams: keyword.length >= TRIGRAM_MIN_LENGTH,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    };
    const exactCount = await countFullTextMatches(db, visible, fullText);
    // Typo alternatives only when the keyword as typed finds less than a page (Typesense's typo_tokens_threshold):
    // a keyword that already finds enough is taken as meant, and its search stays at the exact plan's cost.
    const alternatives =
      exactCount >= TYPO_THRESHOLD ? new Map<string, string[]>() : await findTypoAlternatives(db, keyword);
    let found: SearchResult;
    if (exactCount >= SEARCH_TOTAL_CAP) found = await searchByPopularity(db, exact);
    else if (alternatives.size === 0) found = await searchByRelevance(db, exact);
    else {
      // Built once here and sent as a constant: inline, ts_rewrite and its tsqueries run again for every row the
      // full-text index hands back for rechecking (a capped count of 1,000 typo matches took 14 ms that way).
      const widened = sql`${await widenedQueryText(db, query, alternatives)}::tsquery`;
      const terms: SearchTerms = {
        ...exact,
        query: widened,
        fullText: sql`${robots.searchVector} @@ ${widened}`,
        exactFullText: fullText,
        firstTier: fullText,
      };
      const broad = (await countFullTextMatches(db, visible, terms.fullText)) >= SEARCH_TOTAL_CAP;
      found = broad ? await searchByPopularity(db, terms) : await searchByRelevance(db, terms);
    }
    return { list: await toCards(db, found.rows), total: found.total, page: input.page, page_size: input.pageSize };
  });
}

/** Full-text matches the viewer may see, counted up to the cap: cheap, the GIN index finds them. */
/** node-postgres and PGlite both answer `rows`. */
const queryTextAnswer = z.object({ rows: z.array(z.object({ q: z.string() })) });

/** The widened tsquery as text, computed once by the database. */
async function widenedQueryText(db: Db, query: SQL, alternatives: Map<string, string[]>): Promise<string> {
  const result: unknown = await db.execute(sql`select (${widenedQuery(query, alternatives)})::text as q`);
  return queryTextAnswer.parse(result).rows[0]?.q ?? "";
}

async function countFullTextMatches(db: Db, visible: SQL, fullText: SQL): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(robots)
    .where(and(visible, fullText))
    .limit(SEARCH_TOTAL_CAP)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}
