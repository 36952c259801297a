/**
 * The conversation on the chat page as a pure reducer: stored history, the turn being written (optimistic user
 * message, then the streamed reply) and how each failure is kept on screen. React-free so it is unit tested.
 */
import type { ChatEnd, ChatHistory, ChatMessage, ChatStart } from "@/lib/contracts/chat-client";
import type { ChatNotice } from "./chat-failures";

type EntryStatus =
  /** user: optimistic, not confirmed yet */
  | "sending"
  /** user: stored */
  | "sent"
  /** user: never reached the server (network error); Retry sends it again */
  | "unsent"
  /** assistant: text is arriving */
  | "streaming"
  | "complete"
  /** assistant: cut short by an error after some text (or an older stop, from history) */
  | "partial"
  /** assistant: no text */
  | "failed"
  /** assistant: the user pressed Stop */
  | "stopped";

export interface TurnFailure {
  message: string;
  /** What Retry sends again. */
  retryText: string;
  /** Retry regenerates the reply (the user's message is stored) instead of sending the text again. */
  regenerate?: boolean;
}

/** A reply's place among its swipes: from 0, of count. */
export interface SwipePlace {
  index: number;
  count: number;
}

export interface ChatEntry {
  /** React key, stable for the entry's life (an optimistic message keeps its key once stored). */
  key: string;
  id: number | null;
  role: "user" | "assistant";
  content: string;
  status: EntryStatus;
  failure: TurnFailure | null;
  /** Of a reply with swipes (or being regenerated). */
  swipe?: SwipePlace;
}

export interface HistoryState {
  loading: boolean;
  /** The first page has arrived (or there is nothing to load). */
  loaded: boolean;
  failed: boolean;
  hasMore: boolean;
  nextBefore: number | null;
}

export interface ChatState {
  entries: ChatEntry[];
  /** The turn being written, from send until it ends, fails or is stopped. */
  turn: {
    userKey: string;
    replyKey: string | null;
    text: string;
    /** A regeneration or resend (chat-changes.ts): the new reply's swipe place, and what a refusal puts back. */
    swipe?: SwipePlace;
    restore?: ChatEntry[];
    regenerate?: boolean;
  } | null;
  history: HistoryState;
  notice: ChatNotice | null;
  /** The greeting the chat opens with: 0 the character's, n its n-th alternate greeting. */
  greetingIndex: number;
}

export type ChatAction =
  | { type: "history_loading" }
  | { type: "history_loaded"; page: ChatHistory }
  | { type: "history_failed" }
  | { type: "send"; key: string; text: string }
  | { type: "start"; start: ChatStart }
  | { type: "delta"; text: string }
  | { type: "end"; end: ChatEnd }
  /** The stream reported an error; `stored` is the reply as the server kept it. */
  | { type: "stream_failed"; message: string; stored: ChatMessage | null }
  /** Nothing (or nothing readable) came back; the text may not have been stored. */
  | { type: "send_failed"; message: string }
  /** Refused before streaming: the optimistic message goes away (its text returns to the composer). */
  | { type: "refused"; notice: ChatNotice }
  /** Stop pressed; `shown` is how much of the reply's text was on screen then, and all that stays. */
  | { type: "stopped"; shown?: number | null }
  /** Retry pressed: the failure goes; an unsent message goes with it (it is sent again as a new turn). */
  | { type: "retry"; key: string }
  | { type: "dismiss_notice" }
  | { type: "reset" };

export const initialChatState: ChatState = {
  entries: [],
  turn: null,
  history: { loading: false, loaded: false, failed: false, hasMore: false, nextBefore: null },
  notice: null,
  greetingIndex: 0,
};

function entryKey(id: number): string {
  return `m${id}`;
}

export function entryFromMessage(message: ChatMessage): ChatEntry {
  const entry: ChatEntry = {
    key: entryKey(message.id),
    id: message.id,
    role: message.role,
    content: message.content,
    status: message.role === "user" ? "sent" : message.status,
    failure: null,
  };
  const { swipe_index: index, swipe_count: count } = message;
  return index !== undefined && count !== undefined ? { ...entry, swipe: { index, count } } : entry;
}

function update(
  entries: ChatEntry[],
  key: string | null,
  patch: (entry: ChatEntry) => Partial<ChatEntry>,
): ChatEntry[] {
  if (key === null) return entries;
  return entries.map((entry) => (entry.key === key ? { ...entry, ...patch(entry) } : entry));
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "history_loading":
      return { ...state, history: { ...state.history, loading: true, failed: false } };
    case "history_failed":
      return { ...state, history: { ...state.history, loading: false, failed: true } };
    case "history_loaded": {
      // Pages come newest-last and older pages are prepended; messages already shown (sent here) are skipped.
      const shown = new Set(state.entries.map((entry) => entry.id).filter((id) => id !== null));
      const older = action.page.list.filter((message) => !shown.has(message.id)).map(entryFromMessage);
      return {
        ...state,
        entries: [...older, ...state.entries],
        greetingIndex: action.page.greeting_index ?? state.greetingIndex,
        history: {
          loading: false,
          loaded: true,
          failed: false,
          hasMore: action.page.has_more && action.page.next_before !== null,
          nextBefore: action.page.next_before,
        },
      };
    }
    case "send": {
      const entry: ChatEntry = {
        key: action.key,
        id: null,
        role: "user",
        content: action.text,
        status: "sending",
        failure: null,
      };
      return {
        ...state,
        entries: [...state.entries, entry],
        turn: { userKey: action.key, replyKey: null, text: action.text },
        notice: null,
      };
    }
    case "start": {
      if (!state.turn) return state;
      const { user_message: stored, message_id: replyId } = action.start;
      const reply: ChatEntry = {
        key: entryKey(replyId),
        id: replyId,
        role: "assistant",
        content: "",
        status: "streaming",
        failure: null,
        ...(state.turn.swipe ? { swipe: state.turn.swipe } : {}),
      };
      const entries = update(state.entries, state.turn.userKey, () => ({
        id: stored.id,
        content: stored.content,
        status: "sent",
      }));
      return { ...state, entries: [...entries, reply], turn: { ...state.turn, replyKey: reply.key } };
    }
    case "delta": {
      const replyKey = state.turn?.replyKey ?? null;
      return {
        ...state,
        entries: update(state.entries, replyKey, (entry) => ({ content: entry.content + action.text })),
      };
    }
    case "end": {
      if (!state.turn) return state;
      const { message } = action.end;
      const entries = update(state.entries, state.turn.replyKey, () => ({
        id: message.id,
        content: message.content,
        status: message.status,
      }));
      return { ...state, entries, turn: null };
    }
    case "stream_failed": {
      const { turn } = state;
      if (!turn) return state;
      if (turn.replyKey === null) return chatReducer(state, { type: "send_failed", message: action.message });
      const failure = { message: action.message, retryText: turn.text, regenerate: turn.regenerate };
      const entries = update(state.entries, turn.replyKey, (entry) => {
        const content = action.stored?.content ?? entry.content;
        return { content, status: action.stored?.status ?? (content ? "partial" : "failed"), failure };
      });
      return { ...state, entries, turn: null };
    }
    case "send_failed": {
      const { turn } = state;
      if (!turn) return state;
      const failure = { message: action.message, retryText: turn.text, regenerate: turn.regenerate };
      if (turn.restore && turn.replyKey === null) {
        // A regeneration or resend that never started: the chat is as it was, the reason above the composer.
        return { ...state, entries: turn.restore, turn: null, notice: { code: -1, title: action.message, hint: null } };
      }
      if (turn.replyKey === null) {
        return {
          ...state,
          entries: update(state.entries, turn.userKey, () => ({ status: "unsent", failure })),
          turn: null,
        };
      }
      const entries = update(state.entries, turn.replyKey, (entry) => ({
        status: entry.content ? "partial" : "failed",
        failure,
      }));
      return { ...state, entries, turn: null };
    }
    case "refused": {
      const { turn } = state;
      if (!turn) return { ...state, notice: action.notice };
      if (turn.restore) return { ...state, entries: turn.restore, turn: null, notice: action.notice };
      return {
        ...state,
        entries: state.entries.filter((entry) => entry.key !== turn.userKey),
        turn: null,
        notice: action.notice,
      };
    }
    case "stopped": {
      const { turn } = state;
      if (!turn) return state;
      if (turn.replyKey !== null) {
        const { shown } = action;
        const entries = update(state.entries, turn.replyKey, (entry) => ({
          status: "stopped",
          // Text that came after Stop (already on its way, or waiting for a frame) never shows.
          content: shown === undefined || shown === null ? entry.content : entry.content.slice(0, shown),
        }));
        return { ...state, entries, turn: null };
      }
      if (turn.restore) return { ...state, entries: turn.restore, turn: null };
      // Stopped before the reply started: whether the server kept the message is unknown until the next load.
      const stopped: ChatEntry = {
        key: `${turn.userKey}-reply`,
        id: null,
        role: "assistant",
        content: "",
        status: "stopped",
        failure: null,
      };
      const entries = update(state.entries, turn.userKey, () => ({ status: "sent" }));
      return { ...state, entries: [...entries, stopped], turn: null };
    }
    case "retry": {
      const target = state.entries.find((entry) => entry.key === action.key);
      if (!target) return state;
      const entries =
        target.status === "unsent"
          ? state.entries.filter((entry) => entry.key !== action.key)
          : update(state.entries, action.key, () => ({ failure: null }));
      return { ...state, entries };
    }
    case "dismiss_notice":
      return { ...state, notice: null };
    case "reset":
      return initialChatState;
  }
}

/** The reply being written and how much of its text is on screen, or null before it has started. */
export function shownReply(state: ChatState): { id: number; length: number } | null {
  const key = state.turn?.replyKey;
  const entry = key ? state.entries.find((e) => e.key === key) : undefined;
  return entry?.id != null ? { id: entry.id, length: entry.content.length } : null;
}
