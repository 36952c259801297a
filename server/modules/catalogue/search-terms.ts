import { sql, type SQL } from "drizzle-orm";
import { robots } from "../../db/schema";
import type { CardRow } from "./robot-cards";

/** Search totals stop counting here: "1000+" is as useful as 27,203 and much cheaper to compute. */
export const SEARCH_TOTAL_CAP = 1000;

/** One search request's conditions, shared by both plans. */
export interface SearchTerms {
  /** Trimmed, lower-cased, single-spaced. */
  keyword: string;
  /** websearch_to_tsquery('english', keyword), widened to the query words' typo alternatives when it has any. */
  query: SQL;
  /** Public characters, and NSFW ones only for viewers who may see them. */
  visible: SQL;
  /** search_vector @@ query: name, tag names and intro. */
  fullText: SQL;
  /** When the query is widened: search_vector @@ the keyword as typed. Exact matches rank above typo matches. */
  exactFullText?: SQL;
  /**
   * The broad plan's first part, read before the other matches: the characters whose name matches, or, for a
   * widened query, the exact matches (fewer than the cap, or the query would not have been widened).
   */
  firstTier: SQL;
  /** lower(name) = keyword: an exact name comes first in either plan. */
  exactName: SQL;
  /** Whether names are also matched by trigram word similarity (long enough keywords only). */
  trigrams: boolean;
  limit: number;
  offset: number;
}

export interface SearchResult {
  rows: CardRow[];
  total: number;
}

/**
 * Most chatted first. "nulls last" matches robots_popular_idx (chat_count desc nulls last, id): without it the
 * planner cannot walk that index and sorts every match instead.
 */
export const popularFirst = [sql`${robots.chatCount} desc nulls last`, robots.id] as const;
