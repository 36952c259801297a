import diagnostics_channel from "node:diagnostics_channel";
import { performance } from "node:perf_hooks";

/**
 * How far a new reply has come, published on the `kewl:chat-reply-phase` diagnostics channel while something
 * subscribes (a tracer, bench/chat-relay.ts), and a property check otherwise. Under a crowd they show where the
 * start waits: with 1,000 replies sent at once, every context read went before the first turn, since the pool
 * serves statements in the order they were asked for (bench/README.md, "Issue 16, fifth session"). "model-asked"
 * comes once the model's request is written, or queued while its new connection is made.
 */
export type ReplyPhase = "received" | "context-read" | "model-asked" | "turn-stored" | "first-text";

export interface ReplyPhaseMessage {
  /** The reply's number in this process (replyNumber), the same in each of its messages. */
  reply: number;
  phase: ReplyPhase;
  /** performance.now() in this process. */
  at: number;
}

export const REPLY_PHASE_CHANNEL = "kewl:chat-reply-phase";
const channel = diagnostics_channel.channel(REPLY_PHASE_CHANNEL);
let lastReply = 0;

/** A number for a new reply's phases. */
export function replyNumber(): number {
  return ++lastReply;
}

export function replyPhase(reply: number, phase: ReplyPhase): void {
  if (channel.hasSubscribers) channel.publish({ reply, phase, at: performance.now() } satisfies ReplyPhaseMessage);
}
