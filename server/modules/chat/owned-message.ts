import { and, eq, gt, ne, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { CHAT_CODES } from "../../../lib/contracts/chat";
import { chatMessages, chatSessions } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import type { ChatDeps } from "./chat-context";
import type { MessageRow } from "./chat-history";

/** A message of the user's own, with the chat it belongs to. */
export interface OwnedMessage {
  row: MessageRow;
  robotId: number;
  /** The swipe group of a reply (its own id while it has no other swipes); a user message's own id. */
  group: number;
}

const LEASE_TTL_MS = 60_000;
/** Swipes, edits and deletions are cheap and come in bursts (flipping through swipes): a wider limit than sending. */
const CHANGES_PER_MESSAGE = 3;

export const groupOf = (row: Pick<MessageRow, "id" | "swipeGroup">): number => row.swipeGroup ?? row.id;

/** The message with this id in one of the user's chats; another user's message, or none, is a 404. */
export async function findOwnedMessage(db: Db, userId: string, messageId: number): Promise<OwnedMessage> {
  const [found] = await db
    .select({ row: chatMessages, robotId: chatSessions.robotId })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(and(eq(chatMessages.id, messageId), eq(chatSessions.userId, userId)));
  if (!found) throw new AppError(404, 404, "Message not found");
  return { row: found.row, robotId: found.robotId, group: groupOf(found.row) };
}

/** Whether the swipe group (or message) `group` is the chat's last turn: nothing of another turn comes after it. */
export async function isLatestTurn(db: Db, sessionId: string, group: number): Promise<boolean> {
  const [later] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        gt(chatMessages.id, group),
        ne(sql`coalesce(${chatMessages.swipeGroup}, ${chatMessages.id})`, group),
      ),
    )
    .limit(1);
  return !later;
}

export function notLatest(msg: string): AppError {
  return new AppError(409, CHAT_CODES.NOT_LATEST, msg);
}

/** Rate limit of swipes, edits and deletions: like sending, per user and minute, with CHANGES_PER_MESSAGE times room. */
export async function checkChangeRate(deps: Pick<ChatDeps, "store" | "config">, userId: string): Promise<void> {
  const { count, resetMs } = await deps.store.hit(`chat-change:${userId}`, 60_000);
  if (count > deps.config.CHAT_MESSAGES_PER_MINUTE * CHANGES_PER_MESSAGE) {
    throw new AppError(
      429,
      CHAT_CODES.TOO_MANY_MESSAGES,
      "You're changing messages too quickly. Try again in a moment.",
      {
        retry_after: Math.max(1, Math.ceil(resetMs / 1000)),
      },
    );
  }
}

/**
 * Runs `change` holding `key`, a chat's one-reply lease (chatReplyLeaseKey), the one a reply holds while it is
 * written: a change is refused while a reply is written (409, the chat's own message), and no reply starts while a
 * change is made.
 */
export async function withChatLease<T>(
  deps: Pick<ChatDeps, "store" | "logger">,
  key: string,
  change: () => Promise<T>,
): Promise<T> {
  const holder = randomUUID();
  if (!(await deps.store.acquire(key, holder, 1, LEASE_TTL_MS, { shared: "required" }))) {
    throw new AppError(409, CHAT_CODES.REPLY_IN_PROGRESS, "Wait for the current reply to finish.");
  }
  try {
    return await change();
  } finally {
    await deps.store
      .release(key, holder)
      .catch((err: unknown) => deps.logger.warn("chat lease release failed", { error: String(err) }));
  }
}
