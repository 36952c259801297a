/**
 * How regenerate, swipes, edits and deletions change the conversation on the chat page, as a pure reducer beside
 * chat-state.ts (whose turn machinery, start to end, streams the new replies). React-free so it is unit tested.
 */
import type { ChatMessage } from "@/lib/contracts/chat-client";
import { chatReducer, entryFromMessage, type ChatAction, type ChatEntry, type ChatState } from "./chat-state";

export type ChatChangeAction =
  /** A new reply to the message before `replyKey`, which goes (the server keeps it as a swipe). */
  | { type: "regenerate"; replyKey: string }
  /** The user's message gets `text`; everything after it goes; a reply to it follows. */
  | { type: "resend"; userKey: string; text: string }
  /** The reply as the server now has it (another swipe chosen, or its text edited). */
  | { type: "replace_reply"; key: string; message: ChatMessage }
  /** Messages the server deleted. */
  | { type: "remove"; ids: number[] }
  | { type: "greeting"; index: number };

export type ChatSessionAction = ChatAction | ChatChangeAction;

/** The swipe place of the reply that regenerating `entry` writes (a reply without text is replaced, not kept). */
export function nextSwipe(entry: ChatEntry): { index: number; count: number } {
  const count = entry.swipe?.count ?? 1;
  const replaced = entry.content.trim() === "";
  return replaced ? { index: count - 1, count } : { index: count, count: count + 1 };
}

/** The last reply of the conversation, the one that can be regenerated and swiped. */
export function latestReply(entries: ChatEntry[]): ChatEntry | undefined {
  const last = entries.at(-1);
  return last?.role === "assistant" ? last : undefined;
}

function changeReducer(state: ChatState, action: ChatChangeAction): ChatState {
  switch (action.type) {
    case "regenerate": {
      const at = state.entries.findIndex((e) => e.key === action.replyKey);
      const reply = state.entries[at];
      const asked = state.entries
        .slice(0, at)
        .reverse()
        .find((e) => e.role === "user");
      if (!reply || !asked || state.turn) return state;
      return {
        ...state,
        entries: state.entries.filter((e) => e.key !== reply.key),
        turn: {
          userKey: asked.key,
          replyKey: null,
          text: asked.content,
          swipe: nextSwipe(reply),
          restore: state.entries,
          regenerate: true,
        },
        notice: null,
      };
    }
    case "resend": {
      const at = state.entries.findIndex((e) => e.key === action.userKey);
      if (at < 0 || state.turn) return state;
      const entries = state.entries
        .slice(0, at + 1)
        .map((e) => (e.key === action.userKey ? { ...e, content: action.text, status: "sending" as const } : e));
      return {
        ...state,
        entries,
        turn: { userKey: action.userKey, replyKey: null, text: action.text, restore: state.entries, regenerate: true },
        notice: null,
      };
    }
    case "replace_reply": {
      const replaced = entryFromMessage(action.message);
      const entries = state.entries.map((e) => (e.key === action.key ? { ...replaced, key: e.key } : e));
      return { ...state, entries };
    }
    case "remove": {
      const gone = new Set(action.ids);
      return { ...state, entries: state.entries.filter((e) => e.id === null || !gone.has(e.id)) };
    }
    case "greeting":
      return { ...state, greetingIndex: action.index };
  }
}

const CHANGE_TYPES = new Set<string>(["regenerate", "resend", "replace_reply", "remove", "greeting"]);

function isChange(action: ChatSessionAction): action is ChatChangeAction {
  return CHANGE_TYPES.has(action.type);
}

/** chatReducer with the changes above. */
export function chatSessionReducer(state: ChatState, action: ChatSessionAction): ChatState {
  return isChange(action) ? changeReducer(state, action) : chatReducer(state, action);
}
