import { randomUUID } from "node:crypto";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { CHAT_CODES, type ChatSendRequest } from "../../../lib/contracts/chat";
import { AppError } from "../../errors";
import type { ReplyStream } from "../../providers/llm/types";
import type { PlanBenefits } from "../billing/plan-benefits";
import { keepLeases, type KeptLease } from "../limits/lease-keeper";
import type { SessionUser } from "../sessions/sessions";
import type { ChatDeps } from "./chat-context";
import { countChatStarted } from "./chat-count-tally";
import { pickModel, type ModelRow } from "./chat-models";
import { chatReplyLeaseKey, firstChatLeaseKey } from "./chat-sessions";
import type { MessageRow } from "./chat-history";
import { priceReply, type ChargeResult, type ReplyPrice } from "./metering";
import { scheduleMemorySummary } from "./memory/memory-summariser";
import { hasUnsummarisedTurns } from "./memory/memory-window";
import { readReplyContext, type ChatCharacter, type ReplyContext } from "./reply-context";
import { replyNumber, replyPhase } from "./reply-phases";
import { discardModelReply, startModelReply } from "./start-model-reply";
import { ChargeRefused, storeTurn, type StoredTurn } from "./store-turn";

export type { ChatCharacter };

/** Everything the relay needs once a reply has been paid for, its rows exist and the model has been asked. */
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
  /** The held plan's benefits in its paid period, else null. */
  plan: PlanBenefits | null;
  /** The coin balance after the charge. */
  balance: number;
  /** Free replies used today, this one included when it used one. */
  freeUsed: number;
  /** The model's reply, already requested. */
  stream: ReplyStream;
  /** Aborts the model's request. */
  upstream: AbortController;
  /** Ends the chat's one-reply lease and the user's stream lease. Idempotent. */
  release(): Promise<void>;
  /** The reply's number on the phases' diagnostics channel (reply-phases.ts). */
  trace: number;
}

export async function checkMessageRate(deps: ChatDeps, userId: string): Promise<void> {
  const { count, resetMs } = await deps.store.hit(`chat-msg:${userId}`, 60_000);
  if (count > deps.config.CHAT_MESSAGES_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil(resetMs / 1000));
    throw new AppError(
      429,
      CHAT_CODES.TOO_MANY_MESSAGES,
      "You're sending messages too quickly. Try again in a moment.",
      { retry_after: retryAfter },
    );
  }
}

/**
 * The user's stream lease and the one-reply leases (the chat's, and for a first chat with the character also the
 * first-chat lease, see chat-sessions.ts); the release ends them all.
 */
async function takeLeases(deps: ChatDeps, userId: string, replyKeys: string[]): Promise<() => Promise<void>> {
  const holder = randomUUID();
  // Short, and renewed while the reply is written: a crashed process's leases lapse within LIVENESS_TIMEOUT_MS.
  const ttl = deps.config.LIVENESS_TIMEOUT_MS;
  const streams = { key: `chat-streams:${userId}`, holder, limit: deps.config.CHAT_MAX_STREAMS_PER_USER };
  if (!(await deps.store.acquire(streams.key, holder, streams.limit, ttl))) {
    throw new AppError(429, CHAT_CODES.TOO_MANY_STREAMS, "You're sending messages too quickly. Try again in a moment.");
  }
  const held: KeptLease[] = [streams];
  const stopRenewing = keepLeases(deps.store, ttl, deps.logger, held);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    stopRenewing();
    await Promise.all(held.map((lease) => deps.store.release(lease.key, holder))).catch((err: unknown) =>
      deps.logger.warn("chat lease release failed", { error: String(err) }),
    );
  };
  try {
    for (const key of replyKeys) {
      if (!(await deps.store.acquire(key, holder, 1, ttl, { shared: "required" }))) {
        throw new AppError(409, CHAT_CODES.REPLY_IN_PROGRESS, "Wait for the current reply to finish.");
      }
      held.push({ key, holder, limit: 1, options: { shared: "required" } });
    }
  } catch (err) {
    await release();
    throw err;
  }
  return release;
}

/**
 * takeLeases, trying again for up to waitMs while the chat's reply lease is held: a reply the user just stopped
 * lets go of it only after its final write.
 */
async function takeLeasesWaiting(
  deps: ChatDeps,
  userId: string,
  replyKeys: string[],
  waitMs: number,
): Promise<() => Promise<void>> {
  const deadline = Date.now() + waitMs;
  for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
    try {
      return await takeLeases(deps, userId, replyKeys);
    } catch (err) {
      const busy = err instanceof AppError && err.code === CHAT_CODES.REPLY_IN_PROGRESS;
      if (!busy || Date.now() + pause > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

function refusal(deps: ChatDeps, reason: "allowance" | "coins", price: ReplyPrice, balance: number): AppError {
  if (reason === "allowance") {
    return new AppError(402, CHAT_CODES.ALLOWANCE_EXHAUSTED, "You've used today's free replies.", {
      free_replies_per_day: deps.config.CHAT_FREE_REPLIES_PER_DAY,
    });
  }
  return new AppError(402, CHAT_CODES.INSUFFICIENT_COINS, "Not enough coins for this model.", {
    balance,
    coin_cost: price.kind === "coins" ? price.coins : 0,
  });
}

/**
 * Resolves the session token, checks limits, takes the leases, asks the model, and meanwhile stores the user's
 * message and an assistant row being written and charges the reply. Nothing is streamed before all that is done,
 * so a refusal is an AppError (sent as an envelope) that leaves nothing behind.
 *
 * The model is asked while the transaction runs so that its time to first token hides ours. A reply that the
 * balance read shows cannot be paid is refused before the model is asked; one refused by the charge itself (a
 * concurrent spend won the race) has its request aborted before any text is used.
 */
export async function beginReply(
  deps: ChatDeps,
  token: string,
  viewer: Viewer,
  input: ChatSendRequest,
): Promise<BegunReply> {
  const trace = replyNumber();
  replyPhase(trace, "received");
  const context = await readReplyContext(deps.db, token, input.robot_id, viewer, { chatId: input.chat_id });
  replyPhase(trace, "context-read");
  return beginReplyInContext(deps, context, {
    trace,
    model: input.model,
    message: input.message,
    store: async (charge) => {
      const robotId = context.character.id;
      const stored = await storeTurn(deps.db, { userId: context.user.id, robotId, message: input.message, ...charge });
      if (stored.firstMessage) countChatStarted(deps, robotId);
      return stored;
    },
  });
}

/** What a reply's store step is given to write its rows and charge it (storeTurn, or a regeneration's). */
export interface ReplyCharge {
  modelKey: string;
  price: ReplyPrice;
  dailyLimit: number;
  day: string;
  /** The chat written to: the context's, or a new one (its id chosen here, so its lease is taken first). */
  chat: { id: string; existing: boolean };
}

/**
 * The pipeline after the reads, for a new message (beginReply) and for replies to a message already stored
 * (regenerate, resend: chat-rewrites.ts). `message` is the user message the model answers, after
 * `context.turns`; `store` writes the rows and charges in one transaction, throwing ChargeRefused to refuse.
 * `leaseWaitMs` waits for a reply that is being stopped to let go of the chat.
 */
export async function beginReplyInContext(
  deps: ChatDeps,
  context: ReplyContext,
  input: {
    /** The reply's number for its phases (reply-phases.ts), when its first phases were already published. */
    trace?: number;
    model?: string;
    message: string;
    store: (charge: ReplyCharge) => Promise<StoredTurn>;
    leaseWaitMs?: number;
  },
): Promise<BegunReply> {
  const { user } = context;
  const trace = input.trace ?? replyNumber();
  await checkMessageRate(deps, user.id);
  const model = input.model
    ? context.models.find((m) => m.key === input.model)
    : pickModel(context.models, context.session?.modelKey);
  if (!model) throw new AppError(400, CHAT_CODES.MODEL_UNAVAILABLE, "This model is not available. Choose another one.");
  const price = priceReply(model, context.plan);
  const dailyLimit = deps.config.CHAT_FREE_REPLIES_PER_DAY;
  if (price.kind === "allowance" && context.freeUsed >= dailyLimit)
    throw refusal(deps, "allowance", price, context.balance);
  if (price.kind === "coins" && context.balance < price.coins) throw refusal(deps, "coins", price, context.balance);

  const chat = context.session ? { id: context.session.id, existing: true } : { id: randomUUID(), existing: false };
  const leaseKeys = chat.existing
    ? [chatReplyLeaseKey(chat.id)]
    : [firstChatLeaseKey(user.id, context.character.id), chatReplyLeaseKey(chat.id)];
  const release = input.leaseWaitMs
    ? await takeLeasesWaiting(deps, user.id, leaseKeys, input.leaseWaitMs)
    : await takeLeases(deps, user.id, leaseKeys);
  const upstream = new AbortController();
  let stream: ReplyStream | undefined;
  try {
    const started = startModelReply(deps, {
      userName: user.name,
      context,
      model,
      message: input.message,
      signal: upstream.signal,
    });
    stream = started.stream;
    replyPhase(trace, "model-asked");
    // One tick first: node:http writes the model request to its (kept-alive) socket in a tick it queued, which
    // would otherwise wait until the turn's statements are done (PGlite runs them on this thread).
    await new Promise<void>((resolve) => process.nextTick(resolve));
    const stored = await input.store({ modelKey: model.key, price, dailyLimit, day: context.day, chat });
    replyPhase(trace, "turn-stored");
    return {
      user,
      character: context.character,
      model,
      sessionId: stored.sessionId,
      userMessage: stored.userMessage,
      assistantId: stored.assistantId,
      price,
      charge: stored.charge,
      day: context.day,
      plan: context.plan,
      balance: stored.charge.balance ?? context.balance,
      freeUsed: stored.charge.freeUsed ?? context.freeUsed,
      stream,
      upstream,
      release: afterRelease(release, () => summariseLeftTurns(deps, context, model, stored.sessionId, started)),
      trace,
    };
  } catch (err) {
    upstream.abort(new Error("reply not started"));
    if (stream) void discardModelReply(stream);
    await release();
    if (err instanceof ChargeRefused) throw refusal(deps, err.charge.reason, price, err.charge.balance ?? 0);
    throw err;
  }
}

/** Runs `then` once, after the first release (the reply has ended): the memory's work never delays a reply. */
function afterRelease(release: () => Promise<void>, then: () => void): () => Promise<void> {
  let done = false;
  return async () => {
    await release();
    if (done) return;
    done = true;
    then();
  };
}

/** Turns that left the prompt's window and are not in the chat's memory yet are summarised in the background. */
function summariseLeftTurns(
  deps: ChatDeps,
  context: ReplyContext,
  model: ModelRow,
  sessionId: string,
  started: { leftWindowBefore: number | null },
): void {
  const before = started.leftWindowBefore;
  if (before === null || !hasUnsummarisedTurns(before, context.memory?.lastMessageId ?? null)) return;
  scheduleMemorySummary(deps, {
    sessionId,
    before,
    model: { key: model.key, providerModel: model.providerModel, contextTokens: model.contextTokens },
    characterName: context.character.name,
    userName: context.persona.name || "User",
  });
}
