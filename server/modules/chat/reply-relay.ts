import { and, eq } from "drizzle-orm";
import { CHAT_CODES } from "../../../lib/contracts/chat";
import type { ChatEnd, ChatStreamErrorData, ChatStreamMessage } from "../../../lib/contracts/chat-client";
import { databaseErrorMessage } from "../../db/database-errors";
import { retryWhileUnavailable } from "../../db/retry-while-unavailable";
import { chatMessages } from "../../db/schema";
import { LlmError, type ReplyUsage } from "../../providers/llm/types";
import { trackReply } from "./active-replies";
import type { BegunReply } from "./begin-reply";
import type { ChatDeps } from "./chat-context";
import { toChatMessage, type MessageRow } from "./chat-history";
import { refundReply } from "./metering";
import { startCheckpoints } from "./reply-checkpoints";
import { keepShownText } from "./shown-text";

const encoder = new TextEncoder();
const frame = (message: ChatStreamMessage | ChatStreamErrorData) =>
  encoder.encode(`data: ${JSON.stringify(message)}\n\n`);
const CLOSE_FRAME = encoder.encode("event: close\ndata: {}\n\n");
const TIMEOUT = Symbol("timeout");
/** Usage arrives right after the last text; never hold the stream open long for it. */
const USAGE_WAIT_MS = 1000;

const MESSAGES = {
  failed: "The character couldn't reply. Please try again.",
  timeout: "The character took too long to reply. Please try again.",
  empty: "The character had nothing to say. Please try again.",
  unsaved: "The reply couldn't be saved just now, so it may be shorter when you come back.",
};

type Outcome = { kind: "complete" } | { kind: "stopped" } | { kind: "error"; code: number; msg: string };

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
    const checkpoints = startCheckpoints(deps, reply.assistantId);
    try {
      push(
        frame({
          type: "start",
          session_id: reply.sessionId,
          user_message: toChatMessage(reply.userMessage),
          message_id: reply.assistantId,
          model: reply.model.key,
        }),
      );
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
          deps.logger.warn("chat upstream timeout", {
            model: reply.model.key,
            waited_ms: wait,
            had_text: text.length > 0,
          });
          break;
        }
        if (next.done) break;
        if (!next.value) continue;
        text += next.value;
        push(frame({ type: "delta", text: next.value }));
        checkpoints.set(text);
      }
      if (outcome.kind === "complete") {
        if (!text.trim()) outcome = { kind: "error", code: CHAT_CODES.UPSTREAM_FAILED, msg: MESSAGES.empty };
        else {
          const got = await within(
            stream.usage().catch(() => usage),
            USAGE_WAIT_MS,
          );
          if (got !== TIMEOUT) usage = got;
        }
      }
    } catch (err) {
      if (cancelled) outcome = { kind: "stopped" };
      else {
        outcome = { kind: "error", code: CHAT_CODES.UPSTREAM_FAILED, msg: MESSAGES.failed };
        deps.logger.warn("chat upstream failed", {
          model: reply.model.key,
          error: err instanceof Error ? err.message : String(err),
        });
      }
    }

    checkpoints.stop();
    try {
      await finish(text, usage, outcome);
    } catch (err) {
      // Not saved, even after retrying: the row stays `streaming` with the text of its last checkpoint, which the
      // interrupted-reply sweep stores as partial (or, without text, marks failed and refunds).
      deps.logger.error("chat reply could not be saved", {
        message_id: reply.assistantId,
        error: databaseErrorMessage(err),
      });
      if (!cancelled) {
        const error =
          outcome.kind === "error"
            ? { code: outcome.code, msg: outcome.msg }
            : { code: CHAT_CODES.REPLY_NOT_SAVED, msg: MESSAGES.unsaved };
        push(frame({ type: "error", error, message: null, coins_refunded: false, balance: null }));
        push(CLOSE_FRAME);
      }
    } finally {
      await reply.release();
      if (!cancelled) controller.close();
    }
  }

  /**
   * The reply's final state, in one statement (or, when it is refunded, one transaction with the refund, so a
   * reply is never left failed but not refunded). Only a row still `streaming` changes.
   */
  async function store(
    values: Partial<MessageRow>,
    refund: boolean,
  ): Promise<{ row: MessageRow | undefined; balance: number | null }> {
    const stillStreaming = and(eq(chatMessages.id, reply.assistantId), eq(chatMessages.status, "streaming"));
    if (!refund) {
      const [row] = await deps.db.update(chatMessages).set(values).where(stillStreaming).returning();
      return { row, balance: null };
    }
    return deps.db.transaction(async (tx) => {
      const [row] = await tx.update(chatMessages).set(values).where(stillStreaming).returning();
      if (!row) return { row, balance: null };
      const refunded = await refundReply(tx, {
        userId: reply.user.id,
        price: reply.price,
        reference: `chat-reply:${reply.assistantId}`,
        day: reply.day,
      });
      return { row, balance: refunded.balance };
    });
  }

  async function finish(text: string, usage: ReplyUsage, outcome: Outcome): Promise<void> {
    const hasText = text.trim().length > 0;
    const status = outcome.kind === "complete" ? "complete" : hasText ? "partial" : "failed";
    const refund = !hasText;
    const coins = refund ? 0 : reply.charge.coins;
    const values = {
      content: hasText ? text : "",
      status,
      coinsSpent: coins,
      promptTokens: usage.inputTokens,
      completionTokens: usage.outputTokens,
    };
    // While the database comes back (a restart, a failover), the stream stays open and the write is tried again.
    const stored = await retryWhileUnavailable(() => store(values, refund), {
      budgetMs: deps.config.CHAT_SAVE_RETRY_MS,
      onRetry: (err, attempt) =>
        deps.logger.warn("chat reply save failed, trying again", {
          message_id: reply.assistantId,
          attempt,
          error: databaseErrorMessage(err),
        }),
    });
    let { row } = stored;
    if (!row) {
      const [current] = await deps.db.select().from(chatMessages).where(eq(chatMessages.id, reply.assistantId));
      // An earlier try was saved and only its answer was lost with the connection. (A failed reply without text
      // looks the same either way, and was refunded either way.)
      if (hasText && current?.status === status && current.content === values.content) row = current;
      else {
        // Settled by the sweep: failed and refunded, or partial when a checkpoint had text.
        deps.logger.warn("chat reply was settled before it finished", { message_id: reply.assistantId });
        if (!cancelled) {
          const refunded = current?.status === "failed" && reply.charge.coins > 0;
          push(
            frame({
              type: "error",
              error: { code: CHAT_CODES.UPSTREAM_FAILED, msg: MESSAGES.failed },
              message: current ? toChatMessage(current) : null,
              coins_refunded: refunded,
              balance: null,
            }),
          );
          push(CLOSE_FRAME);
        }
        return;
      }
    }
    // The user pressed Stop while this was written (the stop request may have come through another process).
    if (row.shownLength !== null) row = await cutToShown(row);
    let balance = reply.balance;
    let freeUsed = reply.freeUsed;
    if (refund) {
      balance = stored.balance ?? balance;
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
        free_replies_left: reply.plan?.unlimitedStandard
          ? null
          : Math.max(0, deps.config.CHAT_FREE_REPLIES_PER_DAY - freeUsed),
      };
      push(frame(end));
    } else if (outcome.kind === "error") {
      push(
        frame({
          type: "error",
          error: { code: outcome.code, msg: outcome.msg },
          message: toChatMessage(row),
          coins_refunded: refund && reply.charge.coins > 0,
          balance,
        }),
      );
    }
    push(CLOSE_FRAME);
  }

  async function cutToShown(row: MessageRow): Promise<MessageRow> {
    try {
      return (
        (await retryWhileUnavailable(() => keepShownText(deps.db, row.id), {
          budgetMs: deps.config.CHAT_SAVE_RETRY_MS,
        })) ?? row
      );
    } catch (err) {
      deps.logger.warn("chat reply could not be cut to the text shown", {
        message_id: row.id,
        error: databaseErrorMessage(err),
      });
      return row;
    }
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const done = run(controller).catch((err: unknown) => {
        deps.logger.error("chat relay failed", { error: err instanceof Error ? err.message : String(err) });
        void reply.release();
        if (!cancelled) {
          try {
            controller.enqueue(
              frame({
                type: "error",
                error: { code: CHAT_CODES.UPSTREAM_FAILED, msg: MESSAGES.failed },
                message: null,
                coins_refunded: false,
                balance: null,
              }),
            );
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
