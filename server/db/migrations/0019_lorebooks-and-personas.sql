ALTER TABLE "users" ADD COLUMN "persona_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "persona_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "lorebook" jsonb;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "persona" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_persona_ck" CHECK (char_length("users"."persona_name") <= 40 and char_length("users"."persona_description") <= 1000);--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_lorebook_ck" CHECK ("robots"."lorebook" is null or (jsonb_typeof("robots"."lorebook") = 'object' and jsonb_typeof("robots"."lorebook"->'entries') = 'array' and jsonb_array_length("robots"."lorebook"->'entries') <= 500 and octet_length("robots"."lorebook"::text) <= 1048576));--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_persona_ck" CHECK ("chat_sessions"."persona" is null or (jsonb_typeof("chat_sessions"."persona") = 'object' and char_length("chat_sessions"."persona"->>'name') between 1 and 40 and char_length(coalesce("chat_sessions"."persona"->>'description', '')) <= 1000));--> statement-breakpoint
-- Lorebooks kept verbatim in the card data until now become the character's lorebook (read forgivingly by
-- lib/cards/card-lorebook.ts); a book over the new limits stays in the card data, given back on export as before.
UPDATE "robots" SET "lorebook" = "card_extras"->'character_book', "card_extras" = jsonb_set("card_extras", '{character_book}', 'null'::jsonb) WHERE jsonb_typeof("card_extras"->'character_book') = 'object' AND jsonb_typeof("card_extras"->'character_book'->'entries') = 'array' AND jsonb_array_length("card_extras"->'character_book'->'entries') BETWEEN 1 AND 500 AND octet_length(("card_extras"->'character_book')::text) <= 1048576;
