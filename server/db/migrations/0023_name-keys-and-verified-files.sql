ALTER TABLE "files" DROP CONSTRAINT "files_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "files_storage_key_uq";--> statement-breakpoint
-- Hand-written: a file row of a deleted user (user_id set null before) says who verified nothing.
DELETE FROM "files" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robots_name_key_idx" ON "robots" USING btree (btrim(lower(regexp_replace("name", '[\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0001\U000E0020-\U000E007F\u034F\u115F-\u1160\u180B-\u180D\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\U000E0100-\U000E01EF]', '', 'g'))));--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_user_uq" ON "files" USING btree ("storage_key","user_id");