CREATE TABLE "chat_daily_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"free_replies" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_daily_usage_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "chat_daily_usage_ck" CHECK ("chat_daily_usage"."free_replies" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_status_ck";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "prompt_tokens" integer;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "completion_tokens" integer;--> statement-breakpoint
ALTER TABLE "chat_daily_usage" ADD CONSTRAINT "chat_daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_status_ck" CHECK ("chat_messages"."status" in ('streaming', 'complete', 'partial', 'failed'));