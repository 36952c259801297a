DROP INDEX "chat_sessions_user_robot_uq";--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "title" text;--> statement-breakpoint
CREATE INDEX "chat_sessions_user_robot_latest_idx" ON "chat_sessions" USING btree ("user_id","robot_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_title_ck" CHECK (char_length("chat_sessions"."title") between 1 and 80);