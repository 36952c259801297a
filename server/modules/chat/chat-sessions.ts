import { and, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { CHAT_CODES } from "../../../lib/contracts/chat-codes";
import { chatSessions } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";

/**
 * Which of a user's chats with a character a call means: the one with `chatId` (it must be theirs and with this
 * character), or without one the latest, the chat with the newest activity (a new chat counts as activity).
 */
export interface ChatRef {
  robotId: number;
  chatId?: string | undefined;
}

export type ChatSessionRow = typeof chatSessions.$inferSelect;

/** A user's chats with a character, the latest first (chat_sessions_user_robot_latest_idx's order), on `t`. */
const latestFirst = (t: { lastMessageAt: AnyPgColumn; createdAt: AnyPgColumn }) => [
  desc(t.lastMessageAt),
  desc(t.createdAt),
];

export const LATEST_CHAT_FIRST = latestFirst(chatSessions);

const LATEST = "latest_chat";
const latest = alias(chatSessions, LATEST);

/**
 * SQL for the id of the user's latest chat with the character (null when there is none), for use in a join or a
 * condition of a statement on other tables. Served by chat_sessions_user_robot_latest_idx.
 */
export function latestChatId(userId: AnyPgColumn | string, robotId: AnyPgColumn | number): SQL<string | null> {
  return sql<string | null>`(select ${latest.id} from ${chatSessions} as ${sql.identifier(LATEST)}
    where ${latest.userId} = ${userId} and ${latest.robotId} = ${robotId}
    order by ${sql.join(latestFirst(latest), sql`, `)} limit 1)`;
}

/**
 * The condition that picks the chat a call means from chat_sessions, for the user and character given as columns
 * of the statement (or values): the given chat when it is theirs with this character, else the latest.
 */
export function chatCondition(
  userId: AnyPgColumn | string,
  robotId: AnyPgColumn | number,
  chatId: string | Placeholder | SQL | undefined,
): SQL {
  if (chatId === undefined) return eq(chatSessions.id, latestChatId(userId, robotId));
  return and(eq(chatSessions.id, chatId), eq(chatSessions.userId, userId), eq(chatSessions.robotId, robotId))!;
}

/** The chat a call means (see ChatRef), or undefined when the user has none (or the id is not theirs). */
export async function findChat(db: Db, userId: string, ref: ChatRef): Promise<ChatSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.robotId, ref.robotId), chatIdOrAny(ref.chatId)))
    .orderBy(...LATEST_CHAT_FIRST)
    .limit(1);
  return row;
}

function chatIdOrAny(chatId: string | undefined): SQL | undefined {
  return chatId === undefined ? undefined : eq(chatSessions.id, chatId);
}

/** One of the user's own chats by id (any character); 404 for an unknown id and for another user's chat alike. */
export async function ownChat(db: Db, userId: string, chatId: string): Promise<ChatSessionRow> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, chatId), eq(chatSessions.userId, userId)));
  if (!row) throw chatNotFound();
  return row;
}

export function chatNotFound(): AppError {
  return new AppError(404, CHAT_CODES.CHAT_NOT_FOUND, "Chat not found");
}

/** The reply lease of one chat: one reply at a time per chat. */
export function chatReplyLeaseKey(chatId: string): string {
  return `chat-reply:${chatId}`;
}

/**
 * The lease a first message takes when the user has no chat with the character yet, so that two first messages
 * at once (two tabs) cannot start two chats; the chat's own lease is taken on its pre-chosen id as well.
 */
export function firstChatLeaseKey(userId: string, robotId: number): string {
  return `chat-first:${userId}:${robotId}`;
}
