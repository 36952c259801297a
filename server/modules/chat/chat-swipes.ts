import { and, eq } from "drizzle-orm";
import type { ChatMessage } from "../../../lib/contracts/chat-client";
import { chatMessages, chatSessions, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import { visibleCharacters } from "../catalogue/character-visibility";
import type { ChatDeps } from "./chat-context";
import { toChatMessage, type MessageRow } from "./chat-history";
import { chatNotFound, chatReplyLeaseKey, findChat, firstChatLeaseKey } from "./chat-sessions";
import { checkChangeRate, findOwnedMessage, isLatestTurn, notLatest, withChatLease } from "./owned-message";
import { groupRows, swipePlaces, visible } from "./swipe-places";

/** One reply as the page shows it: with its swipe place when it has swipes. */
export async function replyWithSwipes(db: Db, row: MessageRow): Promise<ChatMessage> {
  const place = (await swipePlaces(db, [row])).get(row.id);
  return { ...toChatMessage(row), ...place };
}

/**
 * POST /v1/chat_session/swipe: chooses the index-th swipe of the chat's latest turn, the reply the model sees from
 * then on. Refused while a reply is written (the chat's lease), and for a turn that is not the latest one.
 */
export async function chooseSwipe(
  deps: Pick<ChatDeps, "db" | "store" | "config" | "logger">,
  userId: string,
  input: { messageId: number; index: number },
): Promise<{ message: ChatMessage }> {
  const { db } = deps;
  await checkChangeRate(deps, userId);
  const owned = await findOwnedMessage(db, userId, input.messageId);
  if (owned.row.role !== "assistant") throw errors.badRequest("Only a reply has swipes.");
  return withChatLease(deps, chatReplyLeaseKey(owned.row.sessionId), async () =>
    db.transaction(async (tx) => {
      if (!(await isLatestTurn(tx, owned.row.sessionId, owned.group)))
        throw notLatest("Only the latest reply can be swiped.");
      const rows = owned.row.swipeGroup === null ? [owned.row] : visible(await groupRows(tx, [owned.row.swipeGroup]));
      const target = rows[input.index];
      if (!target) throw errors.badRequest(`There is no swipe ${input.index + 1} of this reply.`);
      if (owned.row.swipeGroup !== null && !target.chosen) {
        // Two statements: the partial unique index allows one chosen reply per group at every moment.
        await tx.update(chatMessages).set({ chosen: false }).where(eq(chatMessages.swipeGroup, owned.row.swipeGroup));
        await tx.update(chatMessages).set({ chosen: true }).where(eq(chatMessages.id, target.id));
      }
      const [row] = await tx.select().from(chatMessages).where(eq(chatMessages.id, target.id));
      if (!row) throw errors.notFound("Message not found");
      return { message: await replyWithSwipes(tx, row) };
    }),
  );
}

/**
 * POST /v1/chat_session/greeting: the greeting the chat opens with, among the character's greeting (0) and its
 * alternate greetings (1..n): swipes of the first message. Only before the conversation has begun (409 after).
 * Creates the user's chat with the character when there is none yet, as a first message would.
 */
export async function chooseGreeting(
  deps: Pick<ChatDeps, "db" | "store" | "config" | "logger">,
  userId: string,
  input: { robotId: number; chatId?: string | undefined; index: number },
): Promise<{ greeting_index: number }> {
  const { db } = deps;
  await checkChangeRate(deps, userId);
  const [robot] = await db
    .select({ id: robots.id, alternates: robots.alternateGreetings })
    .from(robots)
    .where(and(eq(robots.id, input.robotId), visibleCharacters({ opening: true, owner: userId, nsfw: true })));
  if (!robot) throw new AppError(404, 404, "Character not found");
  if (input.index > robot.alternates.length) throw errors.badRequest("This character has no such greeting.");
  const chat = await findChat(db, userId, { robotId: robot.id, chatId: input.chatId });
  if (!chat && input.chatId !== undefined) throw chatNotFound();
  if (!chat) {
    // No chat with the character yet: this starts one, under the lease a first message takes.
    return withChatLease(deps, firstChatLeaseKey(userId, robot.id), async () => {
      await db.insert(chatSessions).values({ userId, robotId: robot.id, greetingIndex: input.index });
      return { greeting_index: input.index };
    });
  }
  return withChatLease(deps, chatReplyLeaseKey(chat.id), async () =>
    db.transaction(async (tx) => {
      const [begun] = await tx
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.sessionId, chat.id))
        .limit(1);
      if (begun) throw notLatest("The greeting can be changed only before the first message.");
      await tx.update(chatSessions).set({ greetingIndex: input.index }).where(eq(chatSessions.id, chat.id));
      return { greeting_index: input.index };
    }),
  );
}
