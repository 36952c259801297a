ALTER TABLE "robots" ADD COLUMN "tag_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(tag_text, '')), 'B') || setweight(to_tsvector('english', coalesce(intro, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "robots_search_idx" ON "robots" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "robots_name_trgm_idx" ON "robots" USING gin (lower("name") gin_trgm_ops);