CREATE TABLE "chat_memories" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"facts" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_message_id" bigint,
	"summarise_before" bigint,
	"summarising_since" timestamp with time zone,
	"summariser" uuid,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_memories_failures_ck" CHECK ("chat_memories"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_memories" ADD CONSTRAINT "chat_memories_session_id_chat_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;