/**
 * Reads one chat reply stream (the messages postStream yields) into handler calls, and always resolves with how
 * it ended: never throws, so the caller has one place to update the conversation.
 */
import { isAbortError } from "@/lib/api/errors";
import { chatStreamMessageSchema, type ChatEnd, type ChatStart } from "@/lib/contracts/chat-client";
import { describeChatError, FAILURE_MESSAGES, type ChatFailure } from "./chat-failures";

export interface ChatStreamHandlers {
  onStart(start: ChatStart): void;
  onDelta(text: string): void;
  onEnd(end: ChatEnd): void;
}

export type ChatStreamOutcome =
  | { type: "ended"; end: ChatEnd }
  | { type: "aborted"; started: boolean }
  | { type: "failed"; started: boolean; failure: ChatFailure };

const KNOWN_TYPES = new Set(["start", "delta", "end"]);

function hasKnownType(value: unknown): boolean {
  return typeof value === "object" && value !== null && KNOWN_TYPES.has(String((value as { type?: unknown }).type));
}

export async function consumeChatStream(
  source: AsyncIterable<unknown>,
  handlers: ChatStreamHandlers,
  signal?: AbortSignal,
): Promise<ChatStreamOutcome> {
  let started = false;
  try {
    for await (const raw of source) {
      const parsed = chatStreamMessageSchema.safeParse(raw);
      if (!parsed.success) {
        // Unknown message types are skipped so the server can add some; a known one that does not parse is broken.
        if (hasKnownType(raw)) throw new Error("unreadable chat stream message");
        continue;
      }
      const message = parsed.data;
      if (message.type === "start") {
        started = true;
        handlers.onStart(message);
      } else if (message.type === "delta") {
        if (message.text) handlers.onDelta(message.text);
      } else {
        handlers.onEnd(message);
        return { type: "ended", end: message };
      }
    }
    if (signal?.aborted) return { type: "aborted", started };
    return { type: "failed", started, failure: { kind: "failed", code: -1, message: FAILURE_MESSAGES.interrupted } };
  } catch (error) {
    if (isAbortError(error)) return { type: "aborted", started };
    const failure = describeChatError(error);
    // A refusal stands even when the signal was aborted after it came (the 401 hook signs out, and signing out
    // aborts the request): nothing was stored, so the caller must still give the text back.
    if (signal?.aborted && failure.kind !== "refused") return { type: "aborted", started };
    if (failure.kind === "failed" && started && failure.code === -1) {
      return { type: "failed", started, failure: { ...failure, message: FAILURE_MESSAGES.interrupted } };
    }
    return { type: "failed", started, failure };
  }
}
