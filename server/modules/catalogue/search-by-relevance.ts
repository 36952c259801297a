import { and, count, desc, sql } from "drizzle-orm";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { cardColumns } from "./robot-cards";
import { popularFirst, SEARCH_TOTAL_CAP, type SearchResult, type SearchTerms } from "./search-terms";

/**
 * Searches with fewer full-text matches than the cap: every match ranked, an exact name first, then the matches
 * of the keyword as typed before typo matches, then ts_rank (name > tags > intro) plus trigram similarity to the
 * name, then most chatted. The total comes from the same scan
 * (a window count), not from a second query.
 */
export async function searchByRelevance(db: Db, terms: SearchTerms): Promise<SearchResult> {
  const { keyword, query, fullText } = terms;
  const matches = terms.trigrams ? sql`(${fullText} or ${keyword} <% lower(${robots.name}))` : fullText;
  const score = sql`(ts_rank(${robots.searchVector}, ${query}) + word_similarity(${keyword}, lower(${robots.name})))`;
  const where = and(terms.visible, matches);
  const found = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(robots)
    .where(where)
    .orderBy(
      desc(terms.exactName),
      ...(terms.exactFullText ? [desc(terms.exactFullText)] : []),
      desc(score),
      ...popularFirst,
    )
    .limit(terms.limit)
    .offset(terms.offset);
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found[0]) return { rows, total: Math.min(found[0].total, SEARCH_TOTAL_CAP) };
  if (terms.offset === 0) return { rows, total: 0 };
  // A page past the end has no row to carry the window count.
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(robots)
    .where(where)
    .limit(SEARCH_TOTAL_CAP)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return { rows, total: row?.n ?? 0 };
}
