import { and, eq } from "drizzle-orm";
import { CHAT_CODES } from "../../../lib/contracts/chat";
import type { ChatEnd } from "../../../lib/contracts/chat-client";
import { databaseErrorMessage } from "../../db/database-errors";
import { retryWhileUnavailable } from "../../db/retry-while-unavailable";
import { chatMessages } from "../../db/schema";
import type { ReplyUsage } from "../../providers/llm/types";
import type { BegunReply } from "./begin-reply";
import type { ChatDeps } from "./chat-context";
import { toChatMessage, type MessageRow } from "./chat-history";
import { writeFinal, type FinalValues } from "./final-writes";
import { refundReply } from "./metering";
import { CLOSE_FRAME, frame, RELAY_MESSAGES } from "./relay-frames";
import { keepShownText } from "./shown-text";

/** How the model's side of a reply ended. */
export type Outcome = { kind: "complete" } | { kind: "stopped" } | { kind: "error"; code: number; msg: string };

/** Where settling sends its last frames; `cancelled` is true once the client has gone. */
export interface SettleTarget {
  send(frame: string): void;
  cancelled(): boolean;
}

/**
 * The reply's final state, in one statement with the other replies that end meanwhile (final-writes.ts), or, when it
 * is refunded, in one transaction with the refund, so a reply is never left failed but not refunded. Only a row still
 * `streaming` changes.
 */
async function store(
  deps: ChatDeps,
  reply: BegunReply,
  values: FinalValues,
  refund: boolean,
): Promise<{ row: MessageRow | undefined; balance: number | null }> {
  if (!refund) {
    return { row: await writeFinal(deps.db, reply.assistantId, values), balance: null };
  }
  const stillStreaming = and(eq(chatMessages.id, reply.assistantId), eq(chatMessages.status, "streaming"));
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

/** A stopped reply's row cut to the text the user's screen showed; the row as it was when that fails. */
async function cutToShown(deps: ChatDeps, row: MessageRow): Promise<MessageRow> {
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

/**
 * Stores how the reply ended (complete, partial or failed and refunded), then sends `end` or `error` and
 * `event: close` unless the client has gone. While the database comes back (a restart, a failover) the stream
 * stays open and the write is tried again; throws when it never comes back within CHAT_SAVE_RETRY_MS.
 */
export async function settleReply(
  deps: ChatDeps,
  reply: BegunReply,
  ended: { text: string; usage: ReplyUsage; outcome: Outcome },
  target: SettleTarget,
): Promise<void> {
  const { text, usage, outcome } = ended;
  const hasText = text.trim().length > 0;
  const status: FinalValues["status"] = outcome.kind === "complete" ? "complete" : hasText ? "partial" : "failed";
  const refund = !hasText;
  const coins = refund ? 0 : reply.charge.coins;
  const values: FinalValues = {
    content: hasText ? text : "",
    status,
    coinsSpent: coins,
    promptTokens: usage.inputTokens,
    completionTokens: usage.outputTokens,
  };
  const stored = await retryWhileUnavailable(() => store(deps, reply, values, refund), {
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
      if (!target.cancelled()) {
        const refunded = current?.status === "failed" && reply.charge.coins > 0;
        target.send(
          frame({
            type: "error",
            error: { code: CHAT_CODES.UPSTREAM_FAILED, msg: RELAY_MESSAGES.failed },
            message: current ? toChatMessage(current) : null,
            coins_refunded: refunded,
            balance: null,
          }),
        );
        target.send(CLOSE_FRAME);
      }
      return;
    }
  }
  // The user pressed Stop while this was written (the stop request may have come through another process).
  if (row.shownLength !== null) row = await cutToShown(deps, row);
  let balance = reply.balance;
  let freeUsed = reply.freeUsed;
  if (refund) {
    balance = stored.balance ?? balance;
    if (reply.price.kind === "allowance") freeUsed = Math.max(0, freeUsed - 1);
  }
  if (target.cancelled()) return;
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
    target.send(frame(end));
  } else if (outcome.kind === "error") {
    target.send(
      frame({
        type: "error",
        error: { code: outcome.code, msg: outcome.msg },
        message: toChatMessage(row),
        coins_refunded: refund && reply.charge.coins > 0,
        balance,
      }),
    );
  }
  target.send(CLOSE_FRAME);
}
