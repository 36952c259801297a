ALTER TABLE "robots" DROP CONSTRAINT "robots_visibility_ck";--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "alternate_greetings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "card_extras" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "copied_from_id" bigint;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "copied_from_name" text;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "copied_from_creator" text;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_copied_from_id_robots_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_text_ck" CHECK (char_length("robots"."intro") <= 500 and char_length("robots"."greeting") <= 4000 and char_length("robots"."persona") <= 8000 and char_length("robots"."scenario") <= 4000 and char_length("robots"."example_dialogue") <= 8000);--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_alternate_greetings_ck" CHECK (jsonb_typeof("robots"."alternate_greetings") = 'array' and jsonb_array_length("robots"."alternate_greetings") <= 10);--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_card_extras_ck" CHECK (jsonb_typeof("robots"."card_extras") = 'object' and octet_length("robots"."card_extras"::text) <= 524288);--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_visibility_ck" CHECK ("robots"."visibility" in ('public', 'unlisted', 'private'));