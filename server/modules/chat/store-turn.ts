import { and, eq, ne, sql } from "drizzle-orm";
import { chatMessages, chatSessions, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import type { MessageRow } from "./chat-history";
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
 */
export async function storeTurn(
  db: Db,
  input: {
    userId: string;
    robotId: number;
    modelKey: string;
    message: string;
    price: ReplyPrice;
    dailyLimit: number;
    day: string;
  },
): Promise<StoredTurn> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [session] = await tx
      .insert(chatSessions)
      .values({ userId: input.userId, robotId: input.robotId, modelKey: input.modelKey, lastMessageAt: now })
      .onConflictDoUpdate({
        target: [chatSessions.userId, chatSessions.robotId],
        set: { modelKey: input.modelKey, lastMessageAt: now },
      })
      .returning({ id: chatSessions.id });
    if (!session) throw new Error("chat session upsert returned nothing");
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
