import { CHAT_CODES } from "../../../lib/contracts/chat";
import { databaseErrorMessage } from "../../db/database-errors";
import type { ReplyUsage } from "../../providers/llm/types";
import { trackReply } from "./active-replies";
import type { BegunReply } from "./begin-reply";
import type { ChatDeps } from "./chat-context";
import { toChatMessage } from "./chat-history";
import { createFrameSink, type FrameSink } from "./frame-sink";
import { readReplyText, type ReplyReading } from "./read-reply-text";
import { CLOSE_FRAME, frame, RELAY_MESSAGES } from "./relay-frames";
import { startCheckpoints } from "./reply-checkpoints";
import { replyPhase } from "./reply-phases";
import { settleReply } from "./settle-reply";

/** Usage arrives right after the last text; never hold the stream open long for it. */
const USAGE_WAIT_MS = 1000;
const NO_USAGE: ReplyUsage = { inputTokens: null, outputTokens: null };

/** The usage the model reported, or none after USAGE_WAIT_MS. */
async function usageOf(reply: BegunReply): Promise<ReplyUsage> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<ReplyUsage>((resolve) => {
    timer = setTimeout(() => resolve(NO_USAGE), USAGE_WAIT_MS);
  });
  try {
    return await Promise.race([reply.stream.usage().catch(() => NO_USAGE), late]);
  } finally {
    clearTimeout(timer);
  }
}

const failedFrame = () =>
  frame({
    type: "error",
    error: { code: CHAT_CODES.UPSTREAM_FAILED, msg: RELAY_MESSAGES.failed },
    message: null,
    coins_refunded: false,
    balance: null,
  });

/**
 * The reply as a text/event-stream body: start, deltas as the model writes (coalesced: frame-sink.ts), then end
 * (or an error message), then `event: close`. Cancelling the body (the client went away) aborts the upstream call
 * at once; the reply is then kept as partial, or marked failed and refunded when no text had come
 * (settle-reply.ts).
 */
export function relayReply(deps: ChatDeps, reply: BegunReply): ReadableStream<Uint8Array> {
  let cancelled = false;
  let sink: FrameSink | undefined;
  let reading: ReplyReading | undefined;

  async function run(out: FrameSink): Promise<void> {
    const checkpoints = startCheckpoints(deps, reply.assistantId);
    out.send(
      frame({
        type: "start",
        session_id: reply.sessionId,
        user_message: toChatMessage(reply.userMessage),
        message_id: reply.assistantId,
        model: reply.model.key,
      }),
    );
    // The upstream is read no more often than the sink writes: one read per write (ReadPacing).
    reading = readReplyText(
      deps,
      reply,
      (piece, text) => {
        if (text.length === piece.length) replyPhase(reply.trace, "first-text");
        out.delta(piece);
        checkpoints.set(text);
      },
      { holdMs: out.readHoldMs },
    );
    if (cancelled) reading.stop();
    const { text, outcome } = await reading.ended;
    checkpoints.stop();
    const usage = outcome.kind === "complete" ? await usageOf(reply) : NO_USAGE;
    try {
      await settleReply(deps, reply, { text, usage, outcome }, { send: out.send, cancelled: () => cancelled });
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
            : { code: CHAT_CODES.REPLY_NOT_SAVED, msg: RELAY_MESSAGES.unsaved };
        out.send(frame({ type: "error", error, message: null, coins_refunded: false, balance: null }));
        out.send(CLOSE_FRAME);
      }
    } finally {
      await reply.release();
      out.close();
    }
  }

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const out = createFrameSink(controller);
      sink = out;
      const done = run(out).catch((err: unknown) => {
        deps.logger.error("chat relay failed", { error: err instanceof Error ? err.message : String(err) });
        void reply.release();
        try {
          out.send(failedFrame());
          out.send(CLOSE_FRAME);
          out.close();
        } catch {
          // the stream is already closed
        }
      });
      trackReply(done);
    },
    cancel() {
      cancelled = true;
      sink?.cancel();
      reply.upstream.abort(new Error("client disconnected"));
      reading?.stop();
    },
  });
}
