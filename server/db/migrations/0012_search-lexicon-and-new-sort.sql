CREATE TABLE "search_word_variants" (
	"variant" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_word_variants_variant_word_pk" PRIMARY KEY("variant","word")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_word_variants" ADD CONSTRAINT "search_word_variants_word_search_words_word_fk" FOREIGN KEY ("word") REFERENCES "public"."search_words"("word") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_word_variants_word_idx" ON "search_word_variants" USING btree ("word");--> statement-breakpoint
CREATE INDEX "robots_new_idx" ON "robots" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);