CREATE TABLE "sandbox_checkouts" (
	"ref" text PRIMARY KEY NOT NULL,
	"order_code" text NOT NULL,
	"money" integer NOT NULL,
	"currency" text NOT NULL,
	"period_days" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"subscription_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkouts_status_ck" CHECK ("sandbox_checkouts"."status" in ('open', 'paid', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"ref" text PRIMARY KEY NOT NULL,
	"order_code" text NOT NULL,
	"period_days" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_subscriptions_status_ck" CHECK ("sandbox_subscriptions"."status" in ('active', 'ended')),
	CONSTRAINT "sandbox_subscriptions_period_ck" CHECK ("sandbox_subscriptions"."period_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coin" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "redirect_uri" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "subscription_products" ADD COLUMN "unlimited_standard" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_products" ADD COLUMN "premium_coin_percent" smallint DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "order_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_order_uq" ON "sandbox_checkouts" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "sandbox_subscriptions_due_idx" ON "sandbox_subscriptions" USING btree ("current_period_end") WHERE "sandbox_subscriptions"."status" = 'active';--> statement-breakpoint
ALTER TABLE "subscription_products" DROP COLUMN "rights";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_snapshot_ck" CHECK (("orders"."kind" = 'coins' and "orders"."coin" > 0) or ("orders"."kind" = 'subscription' and "orders"."period_days" > 0));--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_outcome_ck" CHECK ("payment_events"."outcome" in ('applied', 'ignored', 'unknown-order'));--> statement-breakpoint
ALTER TABLE "subscription_products" ADD CONSTRAINT "subscription_products_premium_ck" CHECK ("subscription_products"."premium_coin_percent" between 0 and 100);--> statement-breakpoint
-- Data: the demo plans of an install seeded before this migration get the benefits the seed now gives them.
UPDATE "subscription_products" SET "unlimited_standard" = true, "premium_coin_percent" = 50 WHERE "product_id" = 'plan-plus-monthly';--> statement-breakpoint
UPDATE "subscription_products" SET "unlimited_standard" = true, "premium_coin_percent" = 25 WHERE "product_id" = 'plan-pro-yearly';--> statement-breakpoint
UPDATE "subscription_products" SET "unlimited_standard" = true, "premium_coin_percent" = 10 WHERE "product_id" = 'plan-studio';
