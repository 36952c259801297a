import { osaDistance } from "./osa-distance";

/**
 * Typo tolerance as dedicated search engines set it (Meilisearch's defaults): a word of 5+ letters may have one
 * typo, a word of 9+ letters two. Shorter words match only as written.
 */
export const ONE_TYPO_MIN_LENGTH = 5;
export const TWO_TYPOS_MIN_LENGTH = 9;
/** Lexicon words are 4 to 24 letters (migration search-lexicon-triggers); longer query words are not fuzzed. */
export const FUZZY_MAX_LENGTH = 24;
/** At most this many alternatives per query word, the closest first, so one query word cannot blow the query up. */
const MAX_ALTERNATIVES = 12;

export function typoBudget(word: string): number {
  const length = [...word].length;
  if (length < ONE_TYPO_MIN_LENGTH || length > FUZZY_MAX_LENGTH) return 0;
  return length >= TWO_TYPOS_MIN_LENGTH ? 2 : 1;
}

/**
 * The query words worth fuzzing, in the lower-cased keyword: words of letters and digits, not negated
 * (websearch `-word`), each once.
 */
export function fuzzyQueryWords(keyword: string): string[] {
  const words = new Set<string>();
  for (const chunk of keyword.split(/\s+/)) {
    if (chunk.startsWith("-")) continue;
    for (const word of chunk.split(/[^\p{L}\p{N}]+/u)) if (typoBudget(word) > 0) words.add(word);
  }
  return [...words];
}

/** Strings made by deleting one letter of each string. */
function deleteOne(words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    const letters = [...w];
    for (let i = 0; i < letters.length; i++) out.add([...letters.slice(0, i), ...letters.slice(i + 1)].join(""));
  }
  return out;
}

/**
 * The deletion neighbourhood of a word within `deletions` letters (the SymSpell method), itself included. Two
 * words within d typos (optimal string alignment) always share a string of their neighbourhoods within d; the
 * lexicon stores its words' neighbourhoods (search_word_variants_of in SQL), so candidates are an index lookup.
 */
export function wordVariants(word: string, deletions: number): string[] {
  const all = new Set<string>([word]);
  let layer: Set<string> = all;
  for (let d = 0; d < deletions; d++) {
    layer = deleteOne(layer);
    for (const v of layer) all.add(v);
  }
  return [...all];
}

/**
 * For each query word, the lexicon candidates within its typo budget, closest first (ties in alphabetical
 * order), leaving the word itself out.
 */
export function typoAlternatives(queryWords: string[], candidates: Iterable<string>): Map<string, string[]> {
  const pool = [...new Set(candidates)];
  const result = new Map<string, string[]>();
  for (const word of queryWords) {
    const budget = typoBudget(word);
    const near = pool
      .filter((c) => c !== word)
      .map((c) => ({ c, d: osaDistance(word, c, budget) }))
      .filter(({ d }) => d <= budget)
      .sort((x, y) => x.d - y.d || (x.c < y.c ? -1 : 1))
      .slice(0, MAX_ALTERNATIVES)
      .map(({ c }) => c);
    if (near.length) result.set(word, near);
  }
  return result;
}
