import type { ChatStreamErrorData, ChatStreamMessage } from "../../../lib/contracts/chat-client";

/** One server-sent event carrying a stream message: `data: <json>` and a blank line. */
export const frame = (message: ChatStreamMessage | ChatStreamErrorData): string =>
  `data: ${JSON.stringify(message)}\n\n`;

/** The same bytes as frame({ type: "delta", text }), built without an object per piece. */
export const deltaFrame = (text: string): string => `data: {"type":"delta","text":${JSON.stringify(text)}}\n\n`;

/** The last event of every stream. */
export const CLOSE_FRAME = "event: close\ndata: {}\n\n";

/** What a stream's `error` message says (SPEC §8 codes are in CHAT_CODES). */
export const RELAY_MESSAGES = {
  failed: "The character couldn't reply. Please try again.",
  timeout: "The character took too long to reply. Please try again.",
  empty: "The character had nothing to say. Please try again.",
  unsaved: "The reply couldn't be saved just now, so it may be shorter when you come back.",
  stopping: "The server restarted while the character was replying. Please try again.",
};
