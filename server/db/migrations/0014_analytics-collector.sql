-- The placeholder table of 0000 (never written to) is replaced by the collector's.
DROP TABLE "analytics_events" CASCADE;--> statement-breakpoint
CREATE TABLE "analytics_daily_errors" (
	"day" date NOT NULL,
	"message" text NOT NULL,
	"count" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_errors_day_message_pk" PRIMARY KEY("day","message")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"pageviews" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_pages_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_performance" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"metric" text NOT NULL,
	"samples" integer NOT NULL,
	"p50" double precision NOT NULL,
	"p75" double precision NOT NULL,
	"p95" double precision NOT NULL,
	CONSTRAINT "analytics_daily_performance_day_path_metric_pk" PRIMARY KEY("day","path","metric")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"events" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"visitors" integer NOT NULL,
	"errors" integer NOT NULL,
	"rolled_up_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"event" text,
	"type" text NOT NULL,
	"distinct_id" text NOT NULL,
	"login_id" text,
	"anonymous_id" text,
	"track_id" bigint,
	"path" text,
	"properties" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_once_uq" ON "analytics_events" USING btree ("distinct_id","track_id","time");--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");