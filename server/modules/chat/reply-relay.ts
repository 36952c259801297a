import { and, eq } from "drizzle-orm";
import { CHAT_CODES } from "../../../lib/contracts/chat";
import type { ChatEnd, ChatStreamErrorData, ChatStreamMessage } from "../../../lib/contracts/chat-client";
import { chatMessages } from "../../db/schema";
import { LlmError, type ReplyUsage } from "../../providers/llm/types";
import { trackReply } from "./active-replies";
import type { BegunReply } from "./begin-reply";
import type { ChatDeps } from "./chat-context";
import { toChatMessage } from "./chat-history";
import { refundReply } from "./metering";

const encoder = new TextEncoder();
const frame = (message: ChatStreamMessage | ChatStreamErrorData) => encoder.encode(`data: ${JSON.stringify(message)}\n\n`);
const CLOSE_FRAME = encoder.encode("event: close\ndata: {}\n\n");
const TIMEOUT = Symbol("timeout");
/** Usage arrives right after the last text; never hold the stream open long for it. */
const USAGE_WAIT_MS = 1000;

const MESSAGES = {
  failed: "The character couldn't reply. Please try again.",
  timeout: "The character took too long to reply. Please try again.",
  empty: "The character had nothing to say. Please try again.",
};

type Outcome =
  | { kind: "complete" }
  | { kind: "stopped" }
  | { kind: "error"; code: number; msg: string };

/** The promise's value, or TIMEOUT after ms, or as soon as signal aborts (a provider may be slow to notice). */
async function within<T>(promise: Promise<T>, ms: number, signal?: AbortSignal): Promise<T | typeof TIMEOUT> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => undefined as void;
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms);
    onAbort = () => resolve(TIMEOUT);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * The reply as a text/event-stream body: start, deltas as the model writes, then end (or an error message), then
 * `event: close`. Cancelling the body (the client went away) aborts the upstream call at once; the reply is then
 * kept as partial, or marked failed and refunded when no text had come.
 */
export function relayReply(deps: ChatDeps, reply: BegunReply): ReadableStream<Uint8Array> {
  const upstream = reply.upstream;
  let cancelled = false;
  let push: (bytes: Uint8Array) => void = () => undefined;

  async function run(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    push = (bytes) => {
      if (!cancelled) controller.enqueue(bytes);
    };
    let text = "";
    let usage: ReplyUsage = { inputTokens: null, outputTokens: null };
    let outcome: Outcome;
    try {
      push(frame({ type: "start", session_id: reply.sessionId, user_message: toChatMessage(reply.userMessage), message_id: reply.assistantId, model: reply.model.key }));
      const stream = reply.stream;
      const chunks = stream.textStream[Symbol.asyncIterator]();
      outcome = { kind: "complete" };
      for (;;) {
        const wait = text ? deps.config.LLM_IDLE_TIMEOUT_MS : deps.config.LLM_FIRST_TOKEN_TIMEOUT_MS;
        const next = await within(chunks.next(), wait, upstream.signal);
        if (cancelled) {
          outcome = { kind: "stopped" };
          break;
        }
        if (next === TIMEOUT) {
          upstream.abort(new LlmError(`no text for ${wait} ms`, "timeout"));
          void chunks.return?.().catch(() => undefined);
          outcome = { kind: "error", code: CHAT_CODES.UPSTREAM_TIMEOUT, msg: MESSAGES.timeout };
          deps.logger.warn("chat upstream timeout", { model: reply.model.key, waited_ms: wait, had_text: text.length > 0 });
          break;
        }
        if (next.done) break;
        if (!next.value) continue;
        text += next.value;
        push(frame({ type: "delta", text: next.value }));
      }
      if (outcome.kind === "complete") {
        if (!text.trim()) outcome = { kind: "error", code: CHAT_CODES.UPSTREAM_FAILED, msg: MESSAGES.empty };
        else {
          const got = await within(stream.usage().catch(() => usage), USAGE_WAIT_MS);
          if (got !== TIMEOUT) usage = got;
        }
      }
    } catch (err) {
      if (cancelled) outcome = { kind: "stopped" };
      else {
        outcome = { kind: "error", code: CHAT_CODES.UPSTREAM_FAILED, msg: MESSAGES.failed };
        deps.logger.warn("chat upstream failed", { model: reply.model.key, error: err instanceof Error ? err.message : String(err) });
      }
    }

    try {
      await finish(text, usage, outcome);
    } finally {
      await reply.release();
      if (!cancelled) controller.close();
    }
  }

  async function finish(
    text: string,
    usage: ReplyUsage,
    outcome: Outcome,
  ): Promise<void> {
    const hasText = text.trim().length > 0;
    const status = outcome.kind === "complete" ? "complete" : hasText ? "partial" : "failed";
    const refund = !hasText;
    const coins = refund ? 0 : reply.charge.coins;
    const [row] = await deps.db
      .update(chatMessages)
      .set({ content: hasText ? text : "", status, coinsSpent: coins, promptTokens: usage.inputTokens, completionTokens: usage.outputTokens })
      // Still `streaming` unless the interrupted-reply sweeper already failed and refunded it.
      .where(and(eq(chatMessages.id, reply.assistantId), eq(chatMessages.status, "streaming")))
      .returning();
    if (!row) {
      // The sweep gave it up for dead (it ran far past any timeout): it is failed and refunded already.
      deps.logger.warn("chat reply was settled before it finished", { message_id: reply.assistantId });
      if (!cancelled) {
        push(frame({ type: "error", error: { code: CHAT_CODES.UPSTREAM_FAILED, msg: MESSAGES.failed }, message: null, coins_refunded: reply.charge.coins > 0, balance: null }));
        push(CLOSE_FRAME);
      }
      return;
    }
    let balance = reply.balance;
    let freeUsed = reply.freeUsed;
    if (refund) {
      balance = (await refundReply(deps.db, { userId: reply.user.id, price: reply.price, reference: `chat-reply:${reply.assistantId}`, day: reply.day })).balance ?? balance;
      if (reply.price.kind === "allowance") freeUsed = Math.max(0, freeUsed - 1);
    }
    if (cancelled) return;
    if (outcome.kind === "complete") {
      const end: ChatEnd = {
        type: "end",
        message: toChatMessage(row),
        usage: { prompt_tokens: usage.inputTokens, completion_tokens: usage.outputTokens },
        coins_spent: coins,
        balance,
        free_replies_left: reply.subscribed ? null : Math.max(0, deps.config.CHAT_FREE_REPLIES_PER_DAY - freeUsed),
      };
      push(frame(end));
    } else if (outcome.kind === "error") {
      push(frame({ type: "error", error: { code: outcome.code, msg: outcome.msg }, message: toChatMessage(row), coins_refunded: refund && reply.charge.coins > 0, balance }));
    }
    push(CLOSE_FRAME);
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const done = run(controller).catch((err: unknown) => {
        deps.logger.error("chat relay failed", { error: err instanceof Error ? err.message : String(err) });
        void reply.release();
        if (!cancelled) {
          try {
            controller.enqueue(frame({ type: "error", error: { code: CHAT_CODES.UPSTREAM_FAILED, msg: MESSAGES.failed }, message: null, coins_refunded: false, balance: null }));
            controller.enqueue(CLOSE_FRAME);
            controller.close();
          } catch {
            // the stream is already closed
          }
        }
      });
      trackReply(done);
    },
    cancel() {
      cancelled = true;
      upstream.abort(new Error("client disconnected"));
    },
  });
}
