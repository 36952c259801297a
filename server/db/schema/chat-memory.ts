import { sql } from "drizzle-orm";
import { bigint, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { chatSessions } from "./chat";

/**
 * A chat's long-term memory (server/modules/chat/memory): a summary of the turns that left the model's context
 * window, written in the background by the chat's model, and facts the user pinned. One row per chat session,
 * created when either is first written.
 */
export const chatMemories = pgTable(
  "chat_memories",
  {
    sessionId: uuid("session_id")
      .primaryKey()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    summary: text("summary").notNull().default(""),
    facts: text("facts")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The newest message folded into the summary: each turn is summarised once. */
    lastMessageId: bigint("last_message_id", { mode: "number" }),
    /** The turns before this message id have left the window and wait to be summarised (exclusive bound). */
    summariseBefore: bigint("summarise_before", { mode: "number" }),
    /** A summariser holds the row (any process): set by a conditional update, so one runs per chat at a time. */
    summarisingSince: timestamp("summarising_since", { withTimezone: true }),
    summariser: uuid("summariser"),
    /** Failed summarisations in a row, and when the next may run. */
    failures: integer("failures").notNull().default(0),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    /** Bumped by every change of summary or facts; a summary written from an older revision is redone. */
    revision: integer("revision").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("chat_memories_failures_ck", sql`${t.failures} >= 0`)],
);
