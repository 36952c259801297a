import { inArray, sql, type SQL } from "drizzle-orm";
import { searchWordVariants } from "../../db/schema";
import type { Db } from "../../db/types";
import { fuzzyQueryWords, typoAlternatives, typoBudget, wordVariants } from "./typo-words";

/**
 * The lexicon words within each query word's typo budget: one index lookup of the query words' deletion
 * neighbourhoods in search_word_variants, then the exact distance on the few candidates. Empty when no query word
 * is long enough to fuzz.
 */
export async function findTypoAlternatives(db: Db, keyword: string): Promise<Map<string, string[]>> {
  const words = fuzzyQueryWords(keyword);
  if (words.length === 0) return new Map();
  const keys = [...new Set(words.flatMap((w) => wordVariants(w, typoBudget(w))))];
  const rows = await db
    .selectDistinct({ word: searchWordVariants.word })
    .from(searchWordVariants)
    .where(inArray(searchWordVariants.variant, keys));
  return typoAlternatives(
    words,
    rows.map((r) => r.word),
  );
}

/**
 * The query widened to the alternatives: each query word's lexeme becomes (word | alternative | …) inside the
 * websearch query, so AND, OR, phrases and negation keep their meaning (ts_rewrite swaps the subtree in place).
 */
export function widenedQuery(query: SQL, alternatives: Map<string, string[]>): SQL {
  let widened = query;
  for (const [word, near] of alternatives) {
    const target = sql`plainto_tsquery('english', ${word})`;
    const either = sql.join(
      [word, ...near].map((w) => sql`plainto_tsquery('english', ${w})`),
      sql` || `,
    );
    widened = sql`ts_rewrite(${widened}, ${target}, ${either})`;
  }
  return widened;
}
