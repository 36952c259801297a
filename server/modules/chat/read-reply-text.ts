import { CHAT_CODES } from "../../../lib/contracts/chat";
import { LlmError, type ReadPacing } from "../../providers/llm/types";
import type { BegunReply } from "./begin-reply";
import type { ChatDeps } from "./chat-context";
import { RELAY_MESSAGES } from "./relay-frames";
import { watchForText } from "./reply-timeouts";
import { storableText } from "../../db/storable-text";
import type { Outcome } from "./settle-reply";

export interface ReplyReading {
  /** The text and how the reading ended: complete, stopped (the client left), or an error (timeout, upstream). */
  ended: Promise<{ text: string; outcome: Outcome }>;
  /**
   * Ends the reading at once, as stopped (the client left) or with the outcome given (the server is stopping); the
   * caller aborts the upstream call.
   */
  stop(outcome?: Outcome): void;
}

/**
 * Reads the model's text, handing each piece to onText (read as `pacing` says), under the first-token and idle
 * limits. The reading ends as soon as the text ends, a limit runs out (the upstream call is aborted) or stop() is
 * called, without waiting for a provider that is slow to notice its abort; pieces that come after that are dropped.
 */
export function readReplyText(
  deps: ChatDeps,
  reply: BegunReply,
  onText: (piece: string, text: string) => void,
  pacing?: ReadPacing,
): ReplyReading {
  let text = "";
  let settle: (outcome: Outcome) => void = () => undefined;
  const ended = new Promise<{ text: string; outcome: Outcome }>((resolve) => {
    let settled = false;
    settle = (outcome) => {
      if (settled) return;
      settled = true;
      watch.stop();
      resolve({ text, outcome });
    };
  });
  let over = false;
  const finish = (outcome: Outcome) => {
    over = true;
    settle(outcome);
  };

  const watch = watchForText(
    { firstTokenMs: deps.config.LLM_FIRST_TOKEN_TIMEOUT_MS, idleMs: deps.config.LLM_IDLE_TIMEOUT_MS },
    ({ waitedMs, hadText }) => {
      reply.upstream.abort(new LlmError(`no text for ${waitedMs} ms`, "timeout"));
      deps.logger.warn("chat upstream timeout", { model: reply.model.key, waited_ms: waitedMs, had_text: hadText });
      finish({ kind: "error", code: CHAT_CODES.UPSTREAM_TIMEOUT, msg: RELAY_MESSAGES.timeout });
    },
  );

  void (async () => {
    try {
      // Pieces come straight from the provider's data events (pipeText): no promise per piece.
      await reply.stream.pipeText((raw) => {
        if (over || !raw) return;
        const piece = storableText(raw);
        watch.sawText();
        text += piece;
        onText(piece, text);
      }, pacing);
      if (over) return;
      finish(
        text.trim()
          ? { kind: "complete" }
          : { kind: "error", code: CHAT_CODES.UPSTREAM_FAILED, msg: RELAY_MESSAGES.empty },
      );
    } catch (err) {
      if (over) return;
      deps.logger.warn("chat upstream failed", {
        model: reply.model.key,
        error: err instanceof Error ? err.message : String(err),
      });
      finish({ kind: "error", code: CHAT_CODES.UPSTREAM_FAILED, msg: RELAY_MESSAGES.failed });
    }
  })();

  return { ended, stop: (outcome = { kind: "stopped" }) => finish(outcome) };
}
