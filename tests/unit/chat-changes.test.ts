import { describe, expect, it } from "vitest";
import { chatSessionReducer, latestReply, nextSwipe, type ChatSessionAction } from "@/lib/chat/chat-changes";
import { initialChatState, type ChatState } from "@/lib/chat/chat-state";
import type { ChatHistory, ChatMessage } from "@/lib/contracts/chat-client";
import { CHAT_CODES } from "@/lib/contracts/chat-codes";

const message = (id: number, role: "user" | "assistant", content: string, extra: Partial<ChatMessage> = {}) =>
  ({
    id,
    role,
    content,
    status: "complete",
    model: "standard",
    coins_spent: 0,
    created_at: "2026-01-01T00:00:00.000Z",
    ...extra,
  }) satisfies ChatMessage;

function loaded(list: ChatMessage[], greetingIndex = 0): ChatState {
  const page: ChatHistory = {
    session_id: "s",
    list,
    has_more: false,
    next_before: null,
    greeting_index: greetingIndex,
  };
  return chatSessionReducer(initialChatState, { type: "history_loaded", page });
}

const run = (state: ChatState, ...actions: ChatSessionAction[]) => actions.reduce(chatSessionReducer, state);
const start = (userMessage: ChatMessage, replyId: number): ChatSessionAction => ({
  type: "start",
  start: { type: "start", session_id: "s", user_message: userMessage, message_id: replyId, model: "standard" },
});

describe("chat changes (regenerate, swipes, edits, deletions) on the page's state", () => {
  const asked = message(1, "user", "Hi");
  const answer = message(2, "assistant", "Hello.", { swipe_index: 0, swipe_count: 2 });

  it("reads swipe places and the greeting from history", () => {
    const state = loaded([asked, answer], 2);
    expect(state.greetingIndex).toBe(2);
    expect(latestReply(state.entries)).toMatchObject({ id: 2, swipe: { index: 0, count: 2 } });
  });

  it("regenerates in place: the old reply leaves, the new one streams in as the next swipe", () => {
    let state = run(loaded([asked, answer]), { type: "regenerate", replyKey: "m2" });
    expect(state.entries.map((e) => e.id)).toEqual([1]);
    expect(state.turn).toMatchObject({ userKey: "m1", text: "Hi", swipe: { index: 2, count: 3 }, regenerate: true });
    state = run(state, start(asked, 7), { type: "delta", text: "Hey" });
    expect(state.entries.at(-1)).toMatchObject({ id: 7, content: "Hey", status: "streaming", swipe: { index: 2 } });
    // A failure after start offers Retry as another regeneration.
    state = run(state, { type: "stream_failed", message: "Oops", stored: null });
    expect(state.entries.at(-1)?.failure).toMatchObject({ regenerate: true, retryText: "Hi" });
  });

  it("replaces a reply without text instead of adding a swipe", () => {
    expect(nextSwipe({ key: "k", id: 3, role: "assistant", content: "", status: "failed", failure: null })).toEqual({
      index: 0,
      count: 1,
    });
    expect(
      nextSwipe({
        key: "k",
        id: 3,
        role: "assistant",
        content: "x",
        status: "complete",
        failure: null,
        swipe: { index: 0, count: 2 },
      }),
    ).toEqual({ index: 2, count: 3 });
  });

  it("puts everything back when a regeneration or resend is refused or never starts", () => {
    const before = loaded([asked, answer, message(3, "user", "More"), message(4, "assistant", "Sure.")]);
    const notice = { code: CHAT_CODES.INSUFFICIENT_COINS, title: "Not enough coins for this model.", hint: null };
    const refused = run(before, { type: "regenerate", replyKey: "m4" }, { type: "refused", notice });
    expect(refused.entries).toEqual(before.entries);
    expect(refused.notice).toEqual(notice);
    const resent = run(before, { type: "resend", userKey: "m1", text: "Hello?" });
    expect(resent.entries.map((e) => [e.id, e.content])).toEqual([[1, "Hello?"]]);
    const offline = run(resent, { type: "send_failed", message: "Network error." });
    expect(offline.entries).toEqual(before.entries);
    expect(offline.notice?.title).toBe("Network error.");
  });

  it("shows the chosen swipe or the edited text, and drops deleted messages", () => {
    const other = message(5, "assistant", "Hi there.", { swipe_index: 1, swipe_count: 2 });
    let state = run(loaded([asked, answer]), { type: "replace_reply", key: "m2", message: other });
    expect(state.entries.at(-1)).toMatchObject({ key: "m2", id: 5, content: "Hi there.", swipe: { index: 1 } });
    state = run(state, { type: "remove", ids: [2, 5] });
    expect(state.entries.map((e) => e.id)).toEqual([1]);
    expect(run(state, { type: "greeting", index: 1 }).greetingIndex).toBe(1);
  });
});
