ALTER TABLE "chat_messages" ADD COLUMN "swipe_group" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "chosen" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "greeting_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_chosen_idx" ON "chat_messages" USING btree ("session_id","id") WHERE "chat_messages"."chosen";--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_swipe_chosen_uq" ON "chat_messages" USING btree ("swipe_group") WHERE "chat_messages"."chosen" and "chat_messages"."swipe_group" is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_swipe_idx" ON "chat_messages" USING btree ("swipe_group","id") WHERE "chat_messages"."swipe_group" is not null;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_greeting_ck" CHECK ("chat_sessions"."greeting_index" >= 0);