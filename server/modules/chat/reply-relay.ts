import type { ServerResponse } from "node:http";
import { CHAT_CODES } from "../../../lib/contracts/chat";
import { databaseErrorMessage } from "../../db/database-errors";
import type { ReplyUsage } from "../../providers/llm/types";
import { trackReply } from "./active-replies";
import type { BegunReply } from "./begin-reply";
import type { ChatDeps } from "./chat-context";
import { toChatMessage } from "./chat-history";
import { chunkedBodyWriter } from "./chunked-body-writer";
import { createFrameSink, type FrameTarget } from "./frame-sink";
import { readReplyText, type ReplyReading } from "./read-reply-text";
import { CLOSE_FRAME, frame, RELAY_MESSAGES } from "./relay-frames";
import { startCheckpoints } from "./reply-checkpoints";
import { replyPhase } from "./reply-phases";
import { settleReply, type Outcome } from "./settle-reply";

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

/** A relay under way: its target calls `cancel` when the client goes away. */
interface Relay {
  cancel(): void;
}

/** How a reply cut by the server's shutdown ends: its reader is told, and what was written is kept (or refunded). */
const CUT_BY_SHUTDOWN = {
  kind: "error",
  code: CHAT_CODES.SERVER_STOPPING,
  msg: RELAY_MESSAGES.stopping,
} as const satisfies Outcome;

/**
 * Relays the reply to `target` as text/event-stream frames: start, deltas as the model writes (coalesced:
 * frame-sink.ts), then end (or an error message), then `event: close`. Cancelling (the client went away) aborts the
 * upstream call at once; the reply is then kept as partial, or marked failed and refunded when no text had come
 * (settle-reply.ts).
 */
function startRelay(deps: ChatDeps, reply: BegunReply, target: FrameTarget): Relay {
  let cancelled = false;
  let cut = false;
  let reading: ReplyReading | undefined;
  const out = createFrameSink(target);

  async function run(): Promise<void> {
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
    else if (cut) reading.stop(CUT_BY_SHUTDOWN);
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

  const done = run().catch((err: unknown) => {
    deps.logger.error("chat relay failed", { error: err instanceof Error ? err.message : String(err) });
    void reply.release();
    try {
      out.send(failedFrame());
      out.send(CLOSE_FRAME);
      out.close();
    } catch {
      // the target is already closed
    }
  });
  trackReply(done, () => {
    if (cancelled || cut) return;
    cut = true;
    reply.upstream.abort(new Error("server stopping"));
    reading?.stop(CUT_BY_SHUTDOWN);
  });
  return {
    cancel() {
      cancelled = true;
      out.cancel();
      reply.upstream.abort(new Error("client disconnected"));
      reading?.stop();
    },
  };
}

/**
 * The reply written straight to the Node response, whose head the caller has written: each coalesced write is one
 * chunk on the socket (chunked-body-writer.ts). Through a web stream (relayReplyStream) every write also took a read
 * request, a promise and @hono/node-server's read loop (bench/README.md, "Issue 16, ninth session": 9.7 → 8.4 ms of
 * CPU per reply, median of three runs at 300 streams).
 */
export function relayReplyTo(res: ServerResponse, deps: ChatDeps, reply: BegunReply): void {
  let ended = false;
  const relay = startRelay(deps, reply, {
    write: chunkedBodyWriter(res),
    end: () => {
      ended = true;
      res.end();
    },
  });
  const gone = () => {
    if (ended) return;
    ended = true;
    relay.cancel();
  };
  if (res.destroyed) gone();
  else res.once("close", gone);
  // A write to a response whose socket is going away fails with an `error` event: the client has gone.
  res.on("error", gone);
}

const encoder = new TextEncoder();

/** The reply as a web stream body, for a request with no Node response (called in-process: app.request). */
export function relayReplyStream(deps: ChatDeps, reply: BegunReply): ReadableStream<Uint8Array> {
  let relay: Relay | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      relay = startRelay(deps, reply, {
        write: (text) => controller.enqueue(encoder.encode(text)),
        end: () => controller.close(),
      });
    },
    cancel() {
      relay?.cancel();
    },
  });
}
