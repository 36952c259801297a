ALTER TABLE "chat_messages" ADD COLUMN "shown_length" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_shown_ck" CHECK ("chat_messages"."shown_length" >= 0);