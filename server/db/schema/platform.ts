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
    index("mail_outbox_created_idx").on(t.createdAt),
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

/**
 * The server processes that are up. Each renews its row while it runs (instance-heartbeat.ts), so a reply still
 * `streaming` whose process's row has lapsed was cut by a crash and can be settled at once.
 */
export const serverInstances = pgTable("server_instances", {
  id: text("id").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  aliveUntil: timestamp("alive_until", { withTimezone: true }).notNull(),
});

/**
 * Secrets every instance on one Postgres database must share (the password RSA key, the upload-ticket HMAC key),
 * made once by whichever instance comes first (server/modules/crypto/shared-secrets.ts). `value` is the secret
 * itself, or "enc:v1:…" (AES-256-GCM under a key derived from APP_SECRET) when APP_SECRET is set.
 */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
