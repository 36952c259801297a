/**
 * What the chat shows when a message cannot be sent or a reply fails: refusals before streaming become a notice
 * above the composer (the draft goes back into it); other failures sit under the turn with a Retry.
 */
import * as z from "zod/mini";
import { isApiError, NETWORK_ERROR_CODE, UNAUTHORIZED_CODE } from "@/lib/api/errors";
import { chatStreamErrorDataSchema, type ChatStreamErrorData } from "@/lib/contracts/chat-client";
import { CHAT_CODES } from "../contracts/chat-codes";
import { allowanceResetText } from "./allowance-reset";

export interface ChatNotice {
  code: number;
  title: string;
  hint: string | null;
}

export type ChatFailure =
  /** Refused before streaming: nothing was stored. */
  | { kind: "refused"; notice: ChatNotice }
  /** The stream reported an error (the user message is stored; the reply is partial or failed). */
  | { kind: "stream"; code: number; message: string; data: ChatStreamErrorData }
  /** Anything else: the network, an unreadable answer, a cut stream. */
  | { kind: "failed"; code: number; message: string };

export const FAILURE_MESSAGES = {
  network: "Network error. Check your connection and try again.",
  signedOut: "Your session ended. Sign in again to keep chatting.",
  interrupted: "The reply was interrupted. Try again.",
  generic: "Something went wrong. Try again.",
  upstream: "The character couldn't reply just now. Try again.",
  timeout: "The character took too long to answer. Try again.",
} as const;

const retryAfterSchema = z.object({ retry_after: z.number() });
const coinCostSchema = z.object({ balance: z.number(), coin_cost: z.number() });

/** The notice for a refusal code, or null when the code is not a refusal. */
export function refusalNotice(code: number, data: unknown): ChatNotice | null {
  switch (code) {
    case CHAT_CODES.ALLOWANCE_EXHAUSTED:
      return {
        code,
        title: "You've used today's free replies.",
        hint: `${allowanceResetText()} A subscription lifts the daily limit, and premium models reply for coins.`,
      };
    case CHAT_CODES.INSUFFICIENT_COINS: {
      const cost = coinCostSchema.safeParse(data);
      const short = cost.success
        ? `This reply costs ${cost.data.coin_cost} coin${cost.data.coin_cost === 1 ? "" : "s"} and you have ${cost.data.balance}. `
        : "";
      return {
        code,
        title: "Not enough coins for this model.",
        hint: `${short}Switch to a free model to keep chatting, or top up your coins.`,
      };
    }
    case CHAT_CODES.REPLY_IN_PROGRESS:
      return { code, title: "Wait for the current reply to finish.", hint: null };
    case CHAT_CODES.TOO_MANY_STREAMS:
    case CHAT_CODES.TOO_MANY_MESSAGES: {
      const parsed = retryAfterSchema.safeParse(data);
      const seconds = parsed.success ? Math.max(1, Math.ceil(parsed.data.retry_after)) : null;
      return {
        code,
        title: "You're sending messages too quickly. Try again in a moment.",
        hint: seconds ? `You can send again in ${seconds} second${seconds === 1 ? "" : "s"}.` : null,
      };
    }
    case CHAT_CODES.MODEL_UNAVAILABLE:
      return { code, title: "This model isn't available right now.", hint: "Pick another model and send again." };
    default:
      return null;
  }
}

/** The billing dialog that answers a refusal: plans for used-up free replies, coins for a short balance. */
export function purchaseDialogFor(code: number): "subscription" | "coins" | null {
  if (code === CHAT_CODES.ALLOWANCE_EXHAUSTED) return "subscription";
  if (code === CHAT_CODES.INSUFFICIENT_COINS) return "coins";
  return null;
}

function streamMessage(code: number, msg: string): string {
  if (msg && msg !== "Request failed") return msg;
  if (code === CHAT_CODES.UPSTREAM_TIMEOUT) return FAILURE_MESSAGES.timeout;
  if (code === CHAT_CODES.UPSTREAM_FAILED) return FAILURE_MESSAGES.upstream;
  return FAILURE_MESSAGES.generic;
}

/** Classifies what postStream threw (aborts are handled before this). */
export function describeChatError(error: unknown): ChatFailure {
  if (!isApiError(error)) return { kind: "failed", code: -1, message: FAILURE_MESSAGES.generic };
  const streamed = chatStreamErrorDataSchema.safeParse(error.data);
  if (streamed.success) {
    const { code, msg } = streamed.data.error;
    return { kind: "stream", code, message: streamMessage(code, msg), data: streamed.data };
  }
  const notice = refusalNotice(error.code, error.data);
  if (notice) return { kind: "refused", notice };
  // A dead session is refused before anything is stored; the 401 hook signs out, and the text goes back to the
  // composer for after signing in again.
  if (error.code === UNAUTHORIZED_CODE || error.status === UNAUTHORIZED_CODE) {
    return { kind: "refused", notice: { code: UNAUTHORIZED_CODE, title: FAILURE_MESSAGES.signedOut, hint: null } };
  }
  if (error.code === NETWORK_ERROR_CODE) return { kind: "failed", code: error.code, message: FAILURE_MESSAGES.network };
  return { kind: "failed", code: error.code, message: streamMessage(error.code, error.code > 0 ? error.msg : "") };
}
