ALTER TABLE "chat_messages" ADD COLUMN "charge_kind" text;--> statement-breakpoint
CREATE INDEX "chat_messages_streaming_idx" ON "chat_messages" USING btree ("created_at") WHERE "chat_messages"."status" = 'streaming';--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_charge_ck" CHECK ("chat_messages"."charge_kind" in ('allowance', 'included', 'coins'));