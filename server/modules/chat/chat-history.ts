import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { ChatHistory, ChatMessage, RecentChat } from "../../../lib/contracts/chat-client";
import { chatMessages, chatSessions, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { shownCharacterAvatar } from "../avatars/avatar-policy";
import { AppError } from "../../errors";
import { visibleCharacters } from "../catalogue/character-visibility";
import { chatCondition, chatNotFound, type ChatRef } from "./chat-sessions";
import { swipePlaces } from "./swipe-places";

export type MessageRow = typeof chatMessages.$inferSelect;

/** Rows still being written are not history yet (and stay hidden if their process died mid-reply). */
const SHOWN_STATUSES = ["complete", "partial", "failed"] as const;

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role === "assistant" ? "assistant" : "user",
    content: row.content,
    status: row.status === "complete" || row.status === "failed" ? row.status : "partial",
    model: row.modelKey,
    coins_spent: row.coinsSpent,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A page of a chat's messages (the given chat, else the latest), newest page first, each page oldest first. 404
 * when the user may no longer open the character (deleted, or made private by its creator): its history goes with
 * it; 404 for a chat id that is not the user's chat with this character.
 */
export async function readHistory(
  db: Db,
  userId: string,
  input: ChatRef & { before?: number; limit: number },
): Promise<ChatHistory> {
  const [found] = await db
    .select({ sessionId: chatSessions.id, greetingIndex: chatSessions.greetingIndex })
    .from(robots)
    .leftJoin(chatSessions, chatCondition(userId, robots.id, input.chatId))
    .where(and(eq(robots.id, input.robotId), visibleCharacters({ opening: true, owner: userId, nsfw: true })));
  if (!found) throw new AppError(404, 404, "Character not found");
  const session = found.sessionId ? { id: found.sessionId } : null;
  if (!session && input.chatId !== undefined) throw chatNotFound();
  if (!session) return { session_id: null, list: [], has_more: false, next_before: null, greeting_index: 0 };
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, session.id),
        eq(chatMessages.chosen, true),
        inArray(chatMessages.status, [...SHOWN_STATUSES]),
        input.before ? lt(chatMessages.id, input.before) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(input.limit + 1);
  const hasMore = rows.length > input.limit;
  const page = rows.slice(0, input.limit).reverse();
  const places = await swipePlaces(db, page);
  return {
    session_id: session.id,
    list: page.map((row) => ({ ...toChatMessage(row), ...places.get(row.id) })),
    has_more: hasMore,
    next_before: hasMore && page[0] ? page[0].id : null,
    greeting_index: found.greetingIndex ?? 0,
  };
}

/**
 * The user's chats with visible characters, most recent first, each with its last shown message: one per character,
 * its latest chat that has a message (the chat page opens the latest chat).
 */
export async function recentChats(db: Db, userId: string, viewer: Viewer, limit: number): Promise<RecentChat[]> {
  const lastMessage = sql<string | null>`(
    select ${chatMessages.content} from ${chatMessages}
    where ${chatMessages.sessionId} = ${chatSessions.id} and ${chatMessages.chosen} and ${chatMessages.status} in ('complete', 'partial')
      and ${chatMessages.content} <> ''
    order by ${chatMessages.id} desc limit 1)`;
  const rows = await db
    .select({
      sessionId: chatSessions.id,
      lastAt: chatSessions.lastMessageAt,
      robotId: robots.id,
      robotKey: robots.key,
      robotName: robots.name,
      robotAvatar: robots.avatar,
      lastMessage,
    })
    .from(chatSessions)
    .innerJoin(robots, eq(robots.id, chatSessions.robotId))
    .where(
      and(
        eq(chatSessions.userId, userId),
        eq(chatSessions.id, latestChatWithMessages(userId)),
        visibleCharacters({ opening: true, owner: userId, nsfw: viewer.nsfw }),
      ),
    )
    .orderBy(desc(chatSessions.lastMessageAt))
    .limit(limit);
  return rows
    .filter((r) => r.lastMessage !== null)
    .map((r) => ({
      session_id: r.sessionId,
      robot: {
        id: r.robotId,
        key: r.robotKey,
        name: r.robotName,
        avatar: shownCharacterAvatar(r.robotAvatar, r.robotKey),
      },
      last_message: r.lastMessage!.slice(0, 200),
      last_message_at: r.lastAt.toISOString(),
    }));
}

const LATEST_OF_ROBOT = "latest_of_robot";
const latestOfRobot = alias(chatSessions, LATEST_OF_ROBOT);

/** SQL for the id of the user's latest chat with the outer row's character among those with a shown message. */
function latestChatWithMessages(userId: string) {
  return sql<string>`(select ${latestOfRobot.id} from ${chatSessions} as ${sql.identifier(LATEST_OF_ROBOT)}
    where ${latestOfRobot.userId} = ${userId} and ${latestOfRobot.robotId} = ${chatSessions.robotId}
      and exists (select 1 from ${chatMessages} where ${chatMessages.sessionId} = ${latestOfRobot.id}
        and ${chatMessages.status} in ('complete', 'partial') and ${chatMessages.content} <> '')
    order by ${latestOfRobot.lastMessageAt} desc, ${latestOfRobot.createdAt} desc limit 1)`;
}
