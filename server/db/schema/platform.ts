import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    status: text("status").notNull().default("queued"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_to_idx").on(sql`lower(${t.to})`, t.createdAt.desc()),
    check("mail_outbox_status_ck", sql`${t.status} in ('queued', 'sent', 'logged', 'failed')`),
  ],
);

/**
 * Who verified which stored file (POST /v1/file/verify): the verified copies are named by their hash, so one
 * file can have several rows, one for each user who verified that image. Only they may use it as an avatar.
 */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("files_storage_key_user_uq").on(t.storageKey, t.userId),
    check("files_size_ck", sql`${t.size} >= 0`),
  ],
);
