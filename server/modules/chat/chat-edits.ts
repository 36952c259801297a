import { and, eq, gt, ne, or, sql } from "drizzle-orm";
import type { ChatDeleted, ChatMessage } from "../../../lib/contracts/chat-client";
import { chatMessages } from "../../db/schema";
import { errors } from "../../errors";
import type { ChatDeps } from "./chat-context";
import { replyWithSwipes } from "./chat-swipes";
import { invalidateMemoryFrom } from "./memory/memory-store";
import { chatReplyLeaseKey } from "./chat-sessions";
import { checkChangeRate, findOwnedMessage, withChatLease } from "./owned-message";

type EditDeps = Pick<ChatDeps, "db" | "store" | "config" | "logger">;

/**
 * POST /v1/chat_session/edit: a reply's text, changed in place; the model sees the new text from then on. A reply
 * that failed without text becomes complete with it; a Stop's cut no longer applies. Refused (409) while a reply
 * of the chat is being written.
 */
export async function editReply(
  deps: EditDeps,
  userId: string,
  input: { messageId: number; content: string },
): Promise<{ message: ChatMessage }> {
  await checkChangeRate(deps, userId);
  const owned = await findOwnedMessage(deps.db, userId, input.messageId);
  if (owned.row.role !== "assistant") {
    throw errors.badRequest("Your own messages are edited with resend, which writes a new reply.");
  }
  return withChatLease(deps, chatReplyLeaseKey(owned.row.sessionId), async () => {
    const [row] = await deps.db
      .update(chatMessages)
      .set({
        content: input.content,
        status: sql`case when ${chatMessages.status} = 'failed' then 'complete' else ${chatMessages.status} end`,
        shownLength: null,
      })
      .where(and(eq(chatMessages.id, owned.row.id), ne(chatMessages.status, "streaming")))
      .returning();
    if (!row) throw errors.badRequest("This reply is still being written.");
    // A summary that already covers the old text would keep what is no longer so.
    await invalidateMemoryFrom(deps.db, row.sessionId, row.id);
    return { message: await replyWithSwipes(deps.db, row) };
  });
}

/**
 * POST /v1/chat_session/delete_messages. `message`: the message goes (a reply with all its swipes, the turn it is); the
 * rest of the chat stays. `after`: everything after the message goes, the message (and a reply's swipes) stays.
 * Refused (409) while a reply of the chat is being written. What was paid for deleted replies stays paid.
 */
export async function deleteMessages(
  deps: EditDeps,
  userId: string,
  input: { messageId: number; scope: "message" | "after" },
): Promise<ChatDeleted> {
  await checkChangeRate(deps, userId);
  const owned = await findOwnedMessage(deps.db, userId, input.messageId);
  const { row, group } = owned;
  const inChat = eq(chatMessages.sessionId, row.sessionId);
  const sameTurn = sql`coalesce(${chatMessages.swipeGroup}, ${chatMessages.id}) = ${group}`;
  const target =
    input.scope === "message"
      ? and(inChat, row.role === "assistant" ? or(sameTurn, eq(chatMessages.id, group)) : eq(chatMessages.id, row.id))
      : and(inChat, gt(chatMessages.id, group), sql`not (${sameTurn})`);
  return withChatLease(deps, chatReplyLeaseKey(owned.row.sessionId), async () => {
    const deleted = await deps.db.delete(chatMessages).where(target).returning({ id: chatMessages.id });
    const ids = deleted.map((d) => d.id).sort((a, b) => a - b);
    if (ids[0] !== undefined) await invalidateMemoryFrom(deps.db, row.sessionId, ids[0]);
    return { deleted: ids };
  });
}
