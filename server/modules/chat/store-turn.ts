import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { chatMessages, chatSessions, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import type { MessageRow } from "./chat-history";
import { chatNotFound, findChat } from "./chat-sessions";
import { chargeReply, type ChargeResult, type ReplyPrice } from "./metering";

/** Thrown inside the transaction so that a refused charge leaves nothing behind. */
export class ChargeRefused extends Error {
  constructor(readonly charge: Extract<ChargeResult, { ok: false }>) {
    super("refused");
  }
}

export interface StoredTurn {
  sessionId: string;
  userMessage: MessageRow;
  assistantId: number;
  charge: Extract<ChargeResult, { ok: true }>;
}

/**
 * In one transaction: the chat session (created on the first message), the user's message, the assistant row
 * being written (status `streaming`), and the charge. Throws ChargeRefused when the reply cannot be paid, which
 * rolls everything back, so a refused first message leaves no empty chat.
 *
 * The chat is `chat` when given: an existing one of the user's (`existing`), or a new one created with that id
 * (the reply's lease was taken on it). Without `chat`, the latest chat with the character, created if none.
 */
export async function storeTurn(
  db: Db,
  input: {
    userId: string;
    robotId: number;
    chat?: { id: string; existing: boolean };
    modelKey: string;
    message: string;
    price: ReplyPrice;
    dailyLimit: number;
    day: string;
  },
): Promise<StoredTurn> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const chat = input.chat ?? (await latestOrNew(tx, input.userId, input.robotId));
    const [session] = chat.existing
      ? await tx
          .update(chatSessions)
          .set({ modelKey: input.modelKey, lastMessageAt: now })
          .where(and(eq(chatSessions.id, chat.id), eq(chatSessions.userId, input.userId)))
          .returning({ id: chatSessions.id })
      : await tx
          .insert(chatSessions)
          .values({
            id: chat.id,
            userId: input.userId,
            robotId: input.robotId,
            modelKey: input.modelKey,
            lastMessageAt: now,
          })
          .returning({ id: chatSessions.id });
    // The chat was deleted since the reply's context was read.
    if (!session) throw chatNotFound();
    const rows = await tx
      .insert(chatMessages)
      .values([
        { sessionId: session.id, role: "user", content: input.message, modelKey: input.modelKey },
        {
          sessionId: session.id,
          role: "assistant",
          content: "",
          status: "streaming",
          modelKey: input.modelKey,
          chargeKind: input.price.kind,
        },
      ])
      .returning();
    const userMessage = rows.find((r) => r.role === "user");
    const assistant = rows.find((r) => r.role === "assistant");
    if (!userMessage || !assistant) throw new Error("chat message insert returned nothing");
    const charge = await chargeReply(tx, {
      userId: input.userId,
      price: input.price,
      reference: `chat-reply:${assistant.id}`,
      dailyLimit: input.dailyLimit,
      day: input.day,
    });
    if (!charge.ok) throw new ChargeRefused(charge);
    // A chat counts once, at its first message.
    await tx
      .update(robots)
      .set({ chatCount: sql`${robots.chatCount} + 1` })
      .where(
        and(
          eq(robots.id, input.robotId),
          sql`not exists (${tx
            .select({ one: sql`1` })
            .from(chatMessages)
            .where(
              and(
                eq(chatMessages.sessionId, session.id),
                eq(chatMessages.role, "user"),
                ne(chatMessages.id, userMessage.id),
              ),
            )})`,
        ),
      );
    return { sessionId: session.id, userMessage, assistantId: assistant.id, charge };
  });
}

async function latestOrNew(db: Db, userId: string, robotId: number): Promise<{ id: string; existing: boolean }> {
  const latest = await findChat(db, userId, { robotId });
  return latest ? { id: latest.id, existing: true } : { id: randomUUID(), existing: false };
}
