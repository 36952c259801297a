import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    face: text("face").notNull().default(""),
    sex: smallint("sex").notNull().default(-1),
    email: text("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    passwordHash: text("password_hash"),
    /** The user's persona (lib/validation/persona-rules.ts): the name for {{user}} ("" = nickname), given to models. */
    personaName: text("persona_name").notNull().default(""),
    personaDescription: text("persona_description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_key_lower_uq").on(sql`lower(${t.key})`),
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    check("users_sex_ck", sql`${t.sex} in (-1, 0, 1)`),
    check("users_key_ck", sql`${t.key} ~ '^[A-Za-z0-9_-]{3,20}$'`),
    check("users_name_ck", sql`char_length(${t.name}) between 1 and 20`),
    check(
      "users_persona_ck",
      sql`char_length(${t.personaName}) <= 40 and char_length(${t.personaDescription}) <= 1000`,
    ),
  ],
);

export const oauthIdentities = pgTable(
  "oauth_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("oauth_identities_provider_subject_uq").on(t.provider, t.subject),
    index("oauth_identities_user_idx").on(t.userId),
  ],
);

/**
 * Browsers that signed in to an account with its password (the device_id of verify_login, stored as a SHA-256
 * hash): they skip the account's sign-in back-off. At most KNOWN_DEVICES_PER_USER per user, newest kept.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * Session tokens (kind 'session'), short-lived single-use account tokens (kind 'account'), password reset tokens
 * and the one-time codes the OAuth callback hands to the popup (kind 'oauth_code', exchanged by getacctoken).
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    keep: boolean("keep").notNull().default(false),
    /** Account tokens only: issued by the registration that created the user (app/login answers is_new). */
    newAccount: boolean("new_account").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_uq").on(t.tokenHash),
    index("auth_tokens_user_idx").on(t.userId),
    // The retention sweep (server/modules/retention) walks these in batches.
    index("auth_tokens_expires_idx").on(t.expiresAt),
    index("auth_tokens_revoked_idx")
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
    check("auth_tokens_kind_ck", sql`${t.kind} in ('session', 'account', 'password_reset', 'oauth_code')`),
  ],
);

/** 6-digit e-mail codes: type 4 register, 3 forgot password. Only a hash is stored. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    type: smallint("type").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_codes_email_idx").on(sql`lower(${t.email})`, t.type),
    index("email_codes_expires_idx").on(t.expiresAt),
    check("email_codes_type_ck", sql`${t.type} in (3, 4)`),
    check("email_codes_attempts_ck", sql`${t.attempts} >= 0`),
  ],
);

export const captchas = pgTable(
  "captchas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    blackBox: text("black_box").notNull().default(""),
    answerHash: text("answer_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("captchas_email_idx").on(sql`lower(${t.email})`, t.blackBox),
    index("captchas_expires_idx").on(t.expiresAt),
  ],
);
