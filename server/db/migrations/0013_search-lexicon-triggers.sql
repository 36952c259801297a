-- The search lexicon (search_words, search_word_variants) kept in step with robots by triggers, so every writer
-- of characters (seed, creation, edits, deletes, bulk loads) keeps it right. See server/db/schema/search.ts.
-- Words: lower case, split at spaces and punctuation, 4 to 24 letters (longer ones are not fuzzed).
CREATE OR REPLACE FUNCTION search_text_words(txt text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(txt), '[[:space:][:punct:]]+') AS w
  WHERE char_length(w) BETWEEN 4 AND 24
$$;
--> statement-breakpoint
-- A word itself, every string made by deleting one letter and, for 7+ letters, two: the SymSpell deletion
-- neighbourhood. server/modules/catalogue/typo-words.ts makes the same strings for query words.
CREATE OR REPLACE FUNCTION search_word_variants_of(w text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH one AS (
    SELECT w AS v
    UNION
    SELECT left(w, i - 1) || substr(w, i + 1) FROM generate_series(1, char_length(w)) AS i
  )
  SELECT v FROM one
  UNION
  SELECT left(v, i - 1) || substr(v, i + 1)
  FROM one, generate_series(1, char_length(v)) AS i
  WHERE char_length(w) >= 7 AND v <> w
$$;
--> statement-breakpoint
-- Adds deltas to the words' use counts (words sorted, so concurrent writers lock them in one order), gives a new
-- word its variants and removes the words no character uses any more (their variants go by cascade). English
-- stop words are left out: full-text search ignores them.
CREATE OR REPLACE FUNCTION search_words_apply(p_words text[], p_deltas integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH change AS (
    SELECT c.word, c.delta
    FROM unnest(p_words, p_deltas) AS c(word, delta)
    WHERE c.delta <> 0 AND to_tsvector('english', c.word) <> ''::tsvector
    ORDER BY c.word
  ), added AS (
    INSERT INTO search_words AS s (word, uses)
    SELECT word, delta FROM change
    ON CONFLICT (word) DO UPDATE SET uses = s.uses + excluded.uses
    RETURNING s.word, (s.xmax = 0) AS inserted
  )
  INSERT INTO search_word_variants (variant, word)
  SELECT v, a.word FROM added AS a, search_word_variants_of(a.word) AS v WHERE a.inserted
  ON CONFLICT DO NOTHING;
  DELETE FROM search_words WHERE word = ANY (p_words) AND uses <= 0;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION robots_search_words_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_apply(array_agg(c.word), array_agg(c.n)) FROM (
    SELECT w.word, count(*)::integer AS n
    FROM new_rows AS r, search_text_words(r.name || ' ' || r.tag_text || ' ' || r.intro) AS w(word)
    GROUP BY w.word
  ) AS c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION robots_search_words_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_apply(array_agg(c.word), array_agg(-c.n)) FROM (
    SELECT w.word, count(*)::integer AS n
    FROM old_rows AS r, search_text_words(r.name || ' ' || r.tag_text || ' ' || r.intro) AS w(word)
    GROUP BY w.word
  ) AS c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION robots_search_words_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_apply(array_agg(c.word), array_agg(c.delta)) FROM (
    SELECT coalesce(n.w, o.w) AS word, CASE WHEN o.w IS NULL THEN 1 ELSE -1 END AS delta
    FROM search_text_words(NEW.name || ' ' || NEW.tag_text || ' ' || NEW.intro) AS n(w)
    FULL JOIN search_text_words(OLD.name || ' ' || OLD.tag_text || ' ' || OLD.intro) AS o(w) ON n.w = o.w
    WHERE n.w IS NULL OR o.w IS NULL
  ) AS c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Inserts and deletes per statement (a bulk load counts its words in one pass), edits per row and only when a
-- searched column changed (chat_count bumps do not fire it).
CREATE TRIGGER robots_search_words_insert AFTER INSERT ON robots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION robots_search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER robots_search_words_delete AFTER DELETE ON robots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION robots_search_words_deleted();
--> statement-breakpoint
CREATE TRIGGER robots_search_words_update AFTER UPDATE OF name, tag_text, intro ON robots
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.tag_text IS DISTINCT FROM NEW.tag_text
    OR OLD.intro IS DISTINCT FROM NEW.intro)
  EXECUTE FUNCTION robots_search_words_updated();
--> statement-breakpoint
-- The characters that exist already.
SELECT search_words_apply(array_agg(c.word), array_agg(c.n)) FROM (
  SELECT w.word, count(*)::integer AS n
  FROM robots AS r, search_text_words(r.name || ' ' || r.tag_text || ' ' || r.intro) AS w(word)
  GROUP BY w.word
) AS c;
