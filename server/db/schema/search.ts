import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The distinct words (lower case, 4+ letters) of characters' names, tag names and intros, with how many
 * characters use each. Typo-tolerant search looks query words up here. Kept in step with `robots` by triggers
 * (migration search-lexicon-triggers), so every writer of robots keeps it right without calling anything.
 */
export const searchWords = pgTable("search_words", {
  word: text("word").primaryKey(),
  uses: integer("uses").notNull(),
});

/**
 * Deletion neighbourhoods of the lexicon (the SymSpell method): each word under itself and every string made by
 * deleting one letter, and for words of 7+ letters two letters. Two words within one typo (two for long words)
 * share a variant, so the candidates of a query word are an index lookup of its own variants. Filled by the
 * same triggers.
 */
export const searchWordVariants = pgTable(
  "search_word_variants",
  {
    variant: text("variant").notNull(),
    word: text("word")
      .notNull()
      .references(() => searchWords.word, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.variant, t.word] }), index("search_word_variants_word_idx").on(t.word)],
);
