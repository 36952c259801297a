import { and, desc, sql } from "drizzle-orm";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { cardColumns } from "./robot-cards";
import { popularFirst, SEARCH_TOTAL_CAP, type SearchResult, type SearchTerms } from "./search-terms";

/**
 * Broad searches (at least SEARCH_TOTAL_CAP full-text matches): first the characters of terms.firstTier (those
 * whose name matches; for a query widened to typo alternatives, the exact matches), an exact name first, then most
 * chatted; then every other match, most chatted first. Neither part ranks all matches: the first part reads only
 * its own matches (robots_name_fts_idx, or the exact query in robots_search_idx), and the rest walks
 * robots_popular_idx and stops once the page is full, because a broad word is common enough to fill it early.
 *
 * Each part is cut at offset + limit rows. If the first part fills that, the page lies inside it; otherwise it
 * holds every match of its own (all of which also match fullText), so leaving those out of the second part
 * removes exactly the duplicates.
 */
export async function searchByPopularity(db: Db, terms: SearchTerms): Promise<SearchResult> {
  const depth = terms.offset + terms.limit;
  const nameHits = db.$with("name_hits").as(
    db
      .select({ ...cardColumns, exact: sql<boolean>`${terms.exactName}`.as("exact") })
      .from(robots)
      .where(and(terms.visible, terms.firstTier))
      .orderBy(desc(terms.exactName), ...popularFirst)
      .limit(depth),
  );
  const names = db
    .select({
      id: nameHits.id,
      key: nameHits.key,
      name: nameHits.name,
      intro: nameHits.intro,
      avatar: nameHits.avatar,
      nsfw: nameHits.nsfw,
      chatCount: nameHits.chatCount,
      favoriteCount: nameHits.favoriteCount,
      exact: nameHits.exact,
      tier: sql<number>`0`.as("tier"),
    })
    .from(nameHits);
  const others = db
    .select({ ...cardColumns, exact: sql<boolean>`false`.as("exact"), tier: sql<number>`1`.as("tier") })
    .from(robots)
    .where(and(terms.visible, terms.fullText, sql`${robots.id} not in (select ${nameHits.id} from ${nameHits})`))
    .orderBy(...popularFirst)
    .limit(depth);
  const ranked = names.unionAll(others).as("ranked");
  const found = await db
    .with(nameHits)
    .select()
    .from(ranked)
    .orderBy(ranked.tier, desc(ranked.exact), desc(ranked.chatCount), ranked.id)
    .limit(terms.limit)
    .offset(terms.offset);
  return { rows: found.map(({ exact: _exact, tier: _tier, ...row }) => row), total: SEARCH_TOTAL_CAP };
}
