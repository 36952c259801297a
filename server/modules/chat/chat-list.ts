import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { CHAT_CODES, CHAT_LIST_MAX } from "../../../lib/contracts/chat";
import type { ChatSummary } from "../../../lib/contracts/chat-client";
import { chatMessages, chatSessions, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import { visibleCharacters } from "../catalogue/character-visibility";
import type { ChatDeps } from "./chat-context";
import { chatNotFound, chatReplyLeaseKey, findChat, LATEST_CHAT_FIRST, ownChat } from "./chat-sessions";

/** New chats a user may start in a minute: each is a row, and a script could otherwise fill the table. */
export const CHATS_CREATED_PER_MINUTE = 10;
/** Characters of the first message shown for a chat without a title. */
const PREVIEW_CHARS = 120;
/** A deletion holds the chat's reply lease only for its statement; this is only how long a dead one would last. */
const DELETE_LEASE_MS = 30_000;

/** Messages on screen: of replies, the chosen swipe. */
const SHOWN = sql`${chatMessages.status} in ('complete', 'partial', 'failed') and ${chatMessages.chosen}`;
/** Written out: drizzle leaves columns unqualified in a one-table select, and "id" would mean the message's. */
const SESSION_ID = sql.raw(`"chat_sessions"."id"`);

const summaryFields = {
  id: chatSessions.id,
  robotId: chatSessions.robotId,
  title: chatSessions.title,
  createdAt: chatSessions.createdAt,
  lastMessageAt: chatSessions.lastMessageAt,
  preview: sql<string | null>`(select left(${chatMessages.content}, ${PREVIEW_CHARS}) from ${chatMessages}
    where ${chatMessages.sessionId} = ${SESSION_ID} and ${chatMessages.role} = 'user' and ${SHOWN}
    order by ${chatMessages.id} limit 1)`,
  messageCount: sql<number>`(select count(*)::int from ${chatMessages}
    where ${chatMessages.sessionId} = ${SESSION_ID} and ${SHOWN})`,
};

type SummaryRow = {
  id: string;
  robotId: number;
  title: string | null;
  createdAt: Date;
  lastMessageAt: Date;
  preview: string | null;
  messageCount: number;
};

function toSummary(row: SummaryRow): ChatSummary {
  return {
    id: row.id,
    robot_id: row.robotId,
    title: row.title,
    preview: row.preview,
    message_count: Number(row.messageCount),
    created_at: row.createdAt.toISOString(),
    last_message_at: row.lastMessageAt.toISOString(),
  };
}

async function summaryOf(db: Db, chatId: string): Promise<ChatSummary> {
  const [row] = await db.select(summaryFields).from(chatSessions).where(eq(chatSessions.id, chatId));
  if (!row) throw chatNotFound();
  return toSummary(row);
}

/** 404 unless the user may open the character (as history does: its chats go with it). */
async function requireCharacter(db: Db, userId: string, robotId: number, nsfw: boolean): Promise<void> {
  const [robot] = await db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.id, robotId), visibleCharacters({ opening: true, owner: userId, nsfw })));
  if (!robot) throw new AppError(404, 404, "Character not found");
}

/** POST /v1/chat_session/list: the user's chats with the character, the latest first. */
export async function listChats(db: Db, userId: string, robotId: number): Promise<ChatSummary[]> {
  await requireCharacter(db, userId, robotId, true);
  const rows = await db
    .select(summaryFields)
    .from(chatSessions)
    .where(and(eq(chatSessions.userId, userId), eq(chatSessions.robotId, robotId)))
    .orderBy(...LATEST_CHAT_FIRST)
    .limit(CHAT_LIST_MAX);
  return rows.map(toSummary);
}

/**
 * POST /v1/chat_session/create: a new, empty chat with the character, which becomes the latest (the greeting opens
 * it, as it opens every chat). It continues on the model of the chat that was the latest. Rate-limited per user.
 */
export async function createChat(
  deps: Pick<ChatDeps, "db" | "store">,
  userId: string,
  viewer: Viewer,
  robotId: number,
): Promise<ChatSummary> {
  const { count, resetMs } = await deps.store.hit(`chat-create:${userId}`, 60_000);
  if (count > CHATS_CREATED_PER_MINUTE) throw errors.rateLimited(Math.max(1, Math.ceil(resetMs / 1000)));
  // An NSFW character before the age check is not found here, like an invisible one (as set_model).
  await requireCharacter(deps.db, userId, robotId, viewer.ageVerified);
  const previous = await findChat(deps.db, userId, { robotId });
  const [row] = await deps.db
    .insert(chatSessions)
    .values({ userId, robotId, modelKey: previous?.modelKey ?? null })
    .returning({ id: chatSessions.id });
  if (!row) throw new Error("chat insert returned nothing");
  return summaryOf(deps.db, row.id);
}

/** POST /v1/chat_session/rename: sets the title of one of the user's chats; an empty title clears it. */
export async function renameChat(db: Db, userId: string, chatId: string, title: string): Promise<ChatSummary> {
  const [row] = await db
    .update(chatSessions)
    .set({ title: title === "" ? null : title })
    .where(and(eq(chatSessions.id, chatId), eq(chatSessions.userId, userId)))
    .returning({ id: chatSessions.id });
  if (!row) throw chatNotFound();
  return summaryOf(db, row.id);
}

/**
 * POST /v1/chat_session/delete: deletes one of the user's chats with its messages. It takes the chat's reply lease,
 * so a chat whose reply is being written (and may still be refunded) is refused, and no reply starts meanwhile.
 */
export async function deleteChat(
  deps: Pick<ChatDeps, "db" | "store">,
  userId: string,
  chatId: string,
): Promise<{ chat_id: string }> {
  await ownChat(deps.db, userId, chatId);
  const holder = randomUUID();
  const lease = chatReplyLeaseKey(chatId);
  if (!(await deps.store.acquire(lease, holder, 1, DELETE_LEASE_MS, { shared: "required" }))) {
    throw new AppError(409, CHAT_CODES.REPLY_IN_PROGRESS, "Wait for the current reply to finish.");
  }
  try {
    const deleted = await deps.db
      .delete(chatSessions)
      .where(and(eq(chatSessions.id, chatId), eq(chatSessions.userId, userId)))
      .returning({ id: chatSessions.id });
    if (deleted.length === 0) throw chatNotFound();
  } finally {
    await deps.store.release(lease, holder);
  }
  return { chat_id: chatId };
}
