import { randomUUID } from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { CHAT_CODES, type ChatSendRequest } from "../../../lib/contracts/chat";
import { chatMessages, chatSessions, robots } from "../../db/schema";
import { AppError } from "../../errors";
import type { SessionUser } from "../sessions/sessions";
import type { ChatDeps } from "./chat-context";
import { enabledModels, pickModel, type ModelRow } from "./chat-models";
import { findSession, type MessageRow } from "./chat-history";
import { chargeReply, isSubscribed, priceReply, usageDay, type ChargeResult, type ReplyPrice } from "./metering";

/** Leases outlive any sane reply; they only matter if a process dies while holding one. */
const LEASE_TTL_MS = 10 * 60_000;
const AGE_REQUIRED_CODE = 40301;

export interface ChatCharacter {
  id: number;
  name: string;
  persona: string;
  scenario: string;
  exampleDialogue: string;
  greeting: string;
}

/** Everything the relay needs once a reply has been paid for and its rows exist. */
export interface BegunReply {
  user: SessionUser;
  character: ChatCharacter;
  model: ModelRow;
  sessionId: string;
  userMessage: MessageRow;
  assistantId: number;
  price: ReplyPrice;
  charge: Extract<ChargeResult, { ok: true }>;
  day: string;
  subscribed: boolean;
  /** Ends the session's one-reply lease and the user's stream lease. Idempotent. */
  release(): Promise<void>;
}

class Refused extends Error {
  constructor(readonly charge: Extract<ChargeResult, { ok: false }>) {
    super("refused");
  }
}

async function loadCharacter(deps: ChatDeps, userId: string, robotId: number, viewer: Viewer) {
  const [row] = await deps.db
    .select({
      id: robots.id, name: robots.name, persona: robots.persona, scenario: robots.scenario,
      exampleDialogue: robots.exampleDialogue, greeting: robots.greeting, nsfw: robots.nsfw,
    })
    .from(robots)
    .where(and(eq(robots.id, robotId), or(eq(robots.visibility, "public"), eq(robots.creatorId, userId))));
  if (!row) throw new AppError(404, 404, "Character not found");
  if (row.nsfw && !viewer.ageVerified) throw new AppError(403, AGE_REQUIRED_CODE, "Confirm your age to chat with this character");
  return row;
}

async function checkMessageRate(deps: ChatDeps, userId: string): Promise<void> {
  const { count, resetMs } = await deps.store.hit(`chat-msg:${userId}`, 60_000);
  if (count > deps.config.CHAT_MESSAGES_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil(resetMs / 1000));
    throw new AppError(429, CHAT_CODES.TOO_MANY_MESSAGES, "You're sending messages too quickly. Try again in a moment.", { retry_after: retryAfter });
  }
}

/**
 * Checks limits, takes the leases, stores the user's message and an assistant row being written, and charges the
 * reply, all before any byte is streamed. A refusal is an AppError (sent as an envelope) and leaves nothing behind.
 */
export async function beginReply(deps: ChatDeps, user: SessionUser, viewer: Viewer, input: ChatSendRequest): Promise<BegunReply> {
  await checkMessageRate(deps, user.id);
  const character = await loadCharacter(deps, user.id, input.robot_id, viewer);
  const models = await enabledModels(deps.db);
  const existing = await findSession(deps.db, user.id, character.id);
  const model = input.model ? models.find((m) => m.key === input.model) : pickModel(models, existing?.modelKey);
  if (!model) throw new AppError(400, CHAT_CODES.MODEL_UNAVAILABLE, "This model is not available. Choose another one.");

  const holder = randomUUID();
  const streamsKey = `chat-streams:${user.id}`;
  if (!(await deps.store.acquire(streamsKey, holder, deps.config.CHAT_MAX_STREAMS_PER_USER, LEASE_TTL_MS))) {
    throw new AppError(429, CHAT_CODES.TOO_MANY_STREAMS, "You're sending messages too quickly. Try again in a moment.");
  }
  let replyKey: string | null = null;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await Promise.all([
      deps.store.release(streamsKey, holder),
      replyKey ? deps.store.release(replyKey, holder) : Promise.resolve(),
    ]).catch((err: unknown) => deps.logger.warn("chat lease release failed", { error: String(err) }));
  };

  try {
    const [session] = await deps.db
      .insert(chatSessions)
      .values({ userId: user.id, robotId: character.id, modelKey: model.key })
      .onConflictDoUpdate({ target: [chatSessions.userId, chatSessions.robotId], set: { modelKey: model.key } })
      .returning({ id: chatSessions.id });
    if (!session) throw new Error("chat session upsert returned nothing");
    replyKey = `chat-reply:${session.id}`;
    if (!(await deps.store.acquire(replyKey, holder, 1, LEASE_TTL_MS))) {
      replyKey = null;
      throw new AppError(409, CHAT_CODES.REPLY_IN_PROGRESS, "Wait for the current reply to finish.");
    }

    const subscribed = await isSubscribed(deps.db, user.id);
    const price = priceReply(model, subscribed);
    const day = usageDay();
    const stored = await deps.db
      .transaction(async (tx) => {
        const [userMessage] = await tx
          .insert(chatMessages)
          .values({ sessionId: session.id, role: "user", content: input.message, modelKey: model.key })
          .returning();
        const [assistant] = await tx
          .insert(chatMessages)
          .values({ sessionId: session.id, role: "assistant", content: "", status: "streaming", modelKey: model.key })
          .returning({ id: chatMessages.id });
        if (!userMessage || !assistant) throw new Error("chat message insert returned nothing");
        const charge = await chargeReply(tx, {
          userId: user.id, price, reference: `chat-reply:${assistant.id}`, dailyLimit: deps.config.CHAT_FREE_REPLIES_PER_DAY, day,
        });
        if (!charge.ok) throw new Refused(charge);
        await tx.update(chatSessions).set({ lastMessageAt: new Date() }).where(eq(chatSessions.id, session.id));
        // A chat counts once, at its first message (a refused first try leaves an empty session behind).
        const [first] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(chatMessages)
          .where(and(eq(chatMessages.sessionId, session.id), eq(chatMessages.role, "user")));
        if (first?.n === 1) {
          await tx.update(robots).set({ chatCount: sql`${robots.chatCount} + 1` }).where(eq(robots.id, character.id));
        }
        return { userMessage, assistantId: assistant.id, charge };
      })
      .catch((err: unknown) => {
        if (!(err instanceof Refused)) throw err;
        if (err.charge.reason === "allowance") {
          throw new AppError(402, CHAT_CODES.ALLOWANCE_EXHAUSTED, "You've used today's free replies.", {
            free_replies_per_day: deps.config.CHAT_FREE_REPLIES_PER_DAY,
          });
        }
        throw new AppError(402, CHAT_CODES.INSUFFICIENT_COINS, "Not enough coins for this model.", {
          balance: err.charge.balance ?? 0,
          coin_cost: price.kind === "coins" ? price.coins : 0,
        });
      });
    return {
      user, character, model, sessionId: session.id, userMessage: stored.userMessage, assistantId: stored.assistantId,
      price, charge: stored.charge, day, subscribed, release,
    };
  } catch (err) {
    await release();
    throw err;
  }
}
