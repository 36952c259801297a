import { and, desc, eq, gt, lt, or } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { ChatRegenerateRequest, ChatResendRequest } from "../../../lib/contracts/chat";
import { chatMessages, chatSessions } from "../../db/schema";
import type { Db } from "../../db/types";
import { errors } from "../../errors";
import { beginReplyInContext, type BegunReply, type ReplyCharge } from "./begin-reply";
import type { ChatDeps } from "./chat-context";
import type { MessageRow } from "./chat-history";
import { processInstanceId } from "../instances/process-instance";
import { invalidateMemoryFrom } from "./memory/memory-store";
import { chargeReply } from "./metering";
import { findOwnedMessage, isLatestTurn, notLatest, type OwnedMessage } from "./owned-message";
import { readReplyContext } from "./reply-context";
import { stopReply } from "./stop-reply";
import { ChargeRefused, type StoredTurn } from "./store-turn";

/** How long a regeneration waits for the reply it stopped to let go of the chat (its final write, then the lease). */
const STOPPED_REPLY_WAIT_MS = 5000;

/**
 * POST /v1/chat_session/regenerate: a new reply to the message the chat's latest reply answers, written, metered
 * and streamed like any reply (beginReplyInContext, then the relay). It becomes a swipe of that turn, chosen; the
 * earlier swipes stay. A reply still being written is stopped first through the Stop path (stop-reply.ts, with the
 * length the page showed): it is kept, cut to that length, as a swipe.
 */
export async function beginRegeneration(
  deps: ChatDeps,
  userId: string,
  token: string,
  viewer: Viewer,
  input: ChatRegenerateRequest,
): Promise<BegunReply> {
  const owned = await findOwnedMessage(deps.db, userId, input.message_id);
  if (owned.row.role !== "assistant") throw errors.badRequest("Only a reply can be regenerated.");
  // Sent by a page that stopped the reply to regenerate it; the reply may have settled already (stop-reply.ts cuts
  // it either way).
  const stopping = input.shown_length !== undefined;
  if (stopping) await stopReply(deps, userId, { messageId: owned.row.id, shownLength: input.shown_length ?? 0 });
  // The message the reply answers is the one right before its turn (a reply whose message was deleted has none).
  const [asked] = await deps.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, owned.row.sessionId), lt(chatMessages.id, owned.group)))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  if (asked?.role !== "user") throw errors.badRequest("There is no message for this reply to answer.");
  const context = await readReplyContext(deps.db, token, owned.robotId, viewer, { chatId: owned.row.sessionId });
  return beginReplyInContext(
    deps,
    { ...context, turns: context.turns.filter((t) => t.id < asked.id) },
    {
      model: input.model,
      message: asked.content,
      leaseWaitMs: stopping ? STOPPED_REPLY_WAIT_MS : 0,
      store: (charge) => storeRegeneration(deps.db, { userId, owned, asked, charge }),
    },
  );
}

/**
 * POST /v1/chat_session/resend: the user's message gets the new text, every later message goes, and a new reply
 * is written, metered and streamed like any reply. All of it happens in the reply's transaction, so a refusal
 * (nothing to pay with) leaves the chat as it was.
 */
export async function beginResend(
  deps: ChatDeps,
  userId: string,
  token: string,
  viewer: Viewer,
  input: ChatResendRequest,
): Promise<BegunReply> {
  const owned = await findOwnedMessage(deps.db, userId, input.message_id);
  if (owned.row.role !== "user") throw errors.badRequest("Only your own messages can be edited and sent again.");
  const context = await readReplyContext(deps.db, token, owned.robotId, viewer, { chatId: owned.row.sessionId });
  return beginReplyInContext(
    deps,
    { ...context, turns: context.turns.filter((t) => t.id < owned.row.id) },
    {
      model: input.model,
      message: input.message,
      store: (charge) => storeResend(deps.db, { userId, owned, message: input.message, charge }),
    },
  );
}

/** The assistant row being written, chosen, and its charge; ChargeRefused rolls the transaction back. */
async function insertReply(
  tx: Db,
  input: { userId: string; sessionId: string; swipeGroup: number | null; charge: ReplyCharge },
): Promise<{ assistantId: number; charge: StoredTurn["charge"] }> {
  const { charge } = input;
  const [assistant] = await tx
    .insert(chatMessages)
    .values({
      sessionId: input.sessionId,
      role: "assistant",
      content: "",
      status: "streaming",
      modelKey: charge.modelKey,
      chargeKind: charge.price.kind,
      swipeGroup: input.swipeGroup,
      instanceId: processInstanceId(),
    })
    .returning({ id: chatMessages.id });
  if (!assistant) throw new Error("chat reply insert returned nothing");
  const charged = await chargeReply(tx, {
    userId: input.userId,
    price: charge.price,
    reference: `chat-reply:${assistant.id}`,
    dailyLimit: charge.dailyLimit,
    day: charge.day,
  });
  if (!charged.ok) throw new ChargeRefused(charged);
  await tx
    .update(chatSessions)
    .set({ modelKey: charge.modelKey, lastMessageAt: new Date() })
    .where(eq(chatSessions.id, input.sessionId));
  return { assistantId: assistant.id, charge: charged };
}

async function storeRegeneration(
  db: Db,
  input: { userId: string; owned: OwnedMessage; asked: MessageRow; charge: ReplyCharge },
): Promise<StoredTurn> {
  const { owned, asked } = input;
  const sessionId = owned.row.sessionId;
  const group = owned.group;
  return db.transaction(async (tx) => {
    if (!(await isLatestTurn(tx, sessionId, group))) throw notLatest("Only the latest reply can be regenerated.");
    const [question] = await tx.select().from(chatMessages).where(eq(chatMessages.id, asked.id));
    if (!question) throw notLatest("The message this reply answers was deleted.");
    const turn = and(
      eq(chatMessages.sessionId, sessionId),
      or(eq(chatMessages.swipeGroup, group), eq(chatMessages.id, group)),
    );
    // A swipe that failed without text holds nothing to go back to (it was refunded); the new one replaces it.
    await tx.delete(chatMessages).where(and(turn, eq(chatMessages.status, "failed")));
    const kept = await tx
      .update(chatMessages)
      .set({ swipeGroup: group, chosen: false })
      .where(turn)
      .returning({ id: chatMessages.id });
    const stored = await insertReply(tx, {
      userId: input.userId,
      sessionId,
      swipeGroup: kept.length > 0 ? group : null,
      charge: input.charge,
    });
    return { sessionId, firstMessage: false, userMessage: question, ...stored };
  });
}

async function storeResend(
  db: Db,
  input: { userId: string; owned: OwnedMessage; message: string; charge: ReplyCharge },
): Promise<StoredTurn> {
  const { owned } = input;
  const sessionId = owned.row.sessionId;
  const stored = await db.transaction(async (tx) => {
    const [edited] = await tx
      .update(chatMessages)
      .set({ content: input.message, modelKey: input.charge.modelKey })
      .where(eq(chatMessages.id, owned.row.id))
      .returning();
    if (!edited) throw errors.notFound("Message not found");
    await tx.delete(chatMessages).where(and(eq(chatMessages.sessionId, sessionId), gt(chatMessages.id, edited.id)));
    const reply = await insertReply(tx, { userId: input.userId, sessionId, swipeGroup: null, charge: input.charge });
    return { sessionId, firstMessage: false, userMessage: edited, ...reply };
  });
  // The conversation continues from the edited message: a summary covering it, or what came after, is stale.
  await invalidateMemoryFrom(db, sessionId, owned.row.id);
  return stored;
}
