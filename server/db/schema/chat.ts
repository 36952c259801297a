import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { robots } from "./catalogue";

export const chatModels = pgTable(
  "chat_models",
  {
    key: text("key").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    providerModel: text("provider_model").notNull(),
    coinCost: integer("coin_cost").notNull().default(0),
    premium: boolean("premium").notNull().default(false),
    contextTokens: integer("context_tokens").notNull().default(8192),
    maxReplyTokens: integer("max_reply_tokens").notNull().default(512),
    enabled: boolean("enabled").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [check("chat_models_cost_ck", sql`${t.coinCost} >= 0`)],
);

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    robotId: bigint("robot_id", { mode: "number" })
      .notNull()
      .references(() => robots.id, { onDelete: "cascade" }),
    modelKey: text("model_key").references(() => chatModels.key, { onDelete: "set null" }),
    /** Set by the user; null shows the chat's first words instead. */
    title: text("title"),
    /** This chat's own persona ({ name, description }), over the user's; null for the user's. */
    persona: jsonb("persona").$type<{ name: string; description: string }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** The greeting the chat opens with: 0 the character's greeting, n its n-th alternate greeting. */
    greetingIndex: integer("greeting_index").notNull().default(0),
  },
  (t) => [
    // A user has any number of chats with a character; without a chat id, calls mean the latest of them.
    index("chat_sessions_user_robot_latest_idx").on(t.userId, t.robotId, t.lastMessageAt.desc()),
    index("chat_sessions_recent_idx").on(t.userId, t.lastMessageAt.desc()),
    check("chat_sessions_greeting_ck", sql`${t.greetingIndex} >= 0`),
    check("chat_sessions_title_ck", sql`char_length(${t.title}) between 1 and 80`),
    check(
      "chat_sessions_persona_ck",
      sql`${t.persona} is null or (jsonb_typeof(${t.persona}) = 'object' and char_length(${t.persona}->>'name') between 1 and 40 and char_length(coalesce(${t.persona}->>'description', '')) <= 1000)`,
    ),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    status: text("status").notNull().default("complete"),
    modelKey: text("model_key"),
    coinsSpent: integer("coins_spent").notNull().default(0),
    /** How an assistant reply was paid (allowance, included, coins), so an interrupted one can be refunded. */
    chargeKind: text("charge_kind"),
    /**
     * Set once when the user pressed Stop: the length (UTF-16 code units, as the browser and the server count a
     * string) of the reply's text that was on their screen. The stored reply is cut to it once it is final.
     */
    shownLength: integer("shown_length"),
    /**
     * Swipes: the replies of one assistant turn share a group, the id of its first reply; null while a turn has only
     * one. Exactly one reply of a group is `chosen`, the one shown and given to the model; user messages and
     * single replies are always chosen, so history reads `where chosen`.
     */
    swipeGroup: bigint("swipe_group", { mode: "number" }),
    chosen: boolean("chosen").notNull().default(true),
    /** The server process relaying a reply while it is `streaming` (server_instances); null for older rows. */
    instanceId: text("instance_id"),
    promptTokens: integer("prompt_tokens"),
    completionTokens: integer("completion_tokens"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_session_idx").on(t.sessionId, t.id),
    index("chat_messages_chosen_idx")
      .on(t.sessionId, t.id)
      .where(sql`${t.chosen}`),
    uniqueIndex("chat_messages_swipe_chosen_uq")
      .on(t.swipeGroup)
      .where(sql`${t.chosen} and ${t.swipeGroup} is not null`),
    index("chat_messages_swipe_idx")
      .on(t.swipeGroup, t.id)
      .where(sql`${t.swipeGroup} is not null`),
    index("chat_messages_streaming_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'streaming'`),
    check("chat_messages_role_ck", sql`${t.role} in ('user', 'assistant')`),
    check("chat_messages_status_ck", sql`${t.status} in ('streaming', 'complete', 'partial', 'failed')`),
    check("chat_messages_coins_ck", sql`${t.coinsSpent} >= 0`),
    check("chat_messages_shown_ck", sql`${t.shownLength} >= 0`),
    check("chat_messages_charge_ck", sql`${t.chargeKind} in ('allowance', 'included', 'coins')`),
  ],
);

/** Free replies used per user and UTC day: incremented atomically only while under the daily allowance. */
export const chatDailyUsage = pgTable(
  "chat_daily_usage",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    freeReplies: integer("free_replies").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), check("chat_daily_usage_ck", sql`${t.freeReplies} >= 0`)],
);
