import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from "@/lib/api/errors";
import { FAILURE_MESSAGES } from "@/lib/chat/chat-failures";
import { chatReducer, initialChatState, shownReply, type ChatAction, type ChatState } from "@/lib/chat/chat-state";
import { consumeChatStream, type ChatStreamOutcome } from "@/lib/chat/chat-stream";
import { CHAT_CODES } from "@/lib/contracts/chat";
import type { ChatEnd, ChatHistory, ChatMessage, ChatStart, ChatStreamErrorData } from "@/lib/contracts/chat-client";

const AT = "2026-01-01T00:00:00.000Z";

function message(
  id: number,
  role: ChatMessage["role"],
  content: string,
  status: ChatMessage["status"] = "complete",
): ChatMessage {
  return { id, role, content, status, model: role === "assistant" ? "standard" : null, coins_spent: 0, created_at: AT };
}

const start = (text: string, userId = 11, replyId = 12): ChatStart => ({
  type: "start",
  session_id: "s1",
  user_message: message(userId, "user", text),
  message_id: replyId,
  model: "standard",
});
const delta = (text: string) => ({ type: "delta", text });
const end = (content: string, replyId = 12, status: ChatMessage["status"] = "complete"): ChatEnd => ({
  type: "end",
  message: message(replyId, "assistant", content, status),
  usage: { prompt_tokens: 10, completion_tokens: 5 },
  coins_spent: 0,
  balance: 7,
  free_replies_left: 4,
});
function streamError(code: number, msg: string, stored: ChatMessage | null): ChatStreamErrorData {
  return { type: "error", error: { code, msg }, message: stored, coins_refunded: stored?.content === "", balance: 7 };
}

/** A fake postStream: yields the messages, then throws `error` if given (as postStream does). */
async function* fakeStream(messages: unknown[], error?: unknown): AsyncGenerator<unknown> {
  for (const m of messages) {
    await Promise.resolve();
    yield m;
  }
  if (error !== undefined) throw error;
}

/** Runs a turn the way the chat page does: send, then every stream callback into the reducer. */
async function runTurn(
  state: ChatState,
  text: string,
  source: AsyncIterable<unknown>,
  signal?: AbortSignal,
): Promise<{ state: ChatState; outcome: ChatStreamOutcome }> {
  let current = chatReducer(state, { type: "send", key: "local-1", text });
  const apply = (action: ChatAction) => {
    current = chatReducer(current, action);
  };
  const outcome = await consumeChatStream(
    source,
    {
      onStart: (s) => apply({ type: "start", start: s }),
      onDelta: (t) => apply({ type: "delta", text: t }),
      onEnd: (e) => apply({ type: "end", end: e }),
    },
    signal,
  );
  if (outcome.type === "aborted") apply({ type: "stopped" });
  if (outcome.type === "failed") {
    const { failure } = outcome;
    if (failure.kind === "refused") apply({ type: "refused", notice: failure.notice });
    else if (failure.kind === "stream")
      apply({ type: "stream_failed", message: failure.message, stored: failure.data.message });
    else apply({ type: "send_failed", message: failure.message });
  }
  return { state: current, outcome };
}

const view = (state: ChatState) =>
  state.entries.map((e) => ({ id: e.id, role: e.role, content: e.content, status: e.status, failure: e.failure }));

describe("a chat turn: stream consumer and reducer", () => {
  it("shows the optimistic message, replaces it on start, appends deltas and takes the stored reply on end", async () => {
    let state = chatReducer(initialChatState, { type: "send", key: "local-1", text: "Hello" });
    expect(view(state)).toEqual([{ id: null, role: "user", content: "Hello", status: "sending", failure: null }]);
    expect(state.turn).toEqual({ userKey: "local-1", replyKey: null, text: "Hello" });

    state = chatReducer(state, { type: "start", start: start("Hello") });
    expect(state.entries[0]).toMatchObject({ key: "local-1", id: 11, status: "sent" });
    expect(state.entries[1]).toMatchObject({ key: "m12", id: 12, role: "assistant", content: "", status: "streaming" });

    state = chatReducer(state, { type: "delta", text: "Hi " });
    state = chatReducer(state, { type: "delta", text: "there" });
    expect(state.entries[1]!.content).toBe("Hi there");

    state = chatReducer(state, { type: "end", end: end("Hi there!") });
    expect(state.turn).toBeNull();
    expect(view(state)[1]).toEqual({
      id: 12,
      role: "assistant",
      content: "Hi there!",
      status: "complete",
      failure: null,
    });
  });

  it("runs a whole stream end to end and reports the end", async () => {
    const { state, outcome } = await runTurn(
      initialChatState,
      "Hello",
      fakeStream([start("Hello"), delta("A"), delta("B"), end("AB")]),
    );
    expect(outcome).toEqual({ type: "ended", end: end("AB") });
    expect(view(state)).toEqual([
      { id: 11, role: "user", content: "Hello", status: "sent", failure: null },
      { id: 12, role: "assistant", content: "AB", status: "complete", failure: null },
    ]);
  });

  it("skips unknown message types but fails on a known one that does not parse", async () => {
    const ok = await runTurn(initialChatState, "Hi", fakeStream([start("Hi"), { type: "ping" }, delta("x"), end("x")]));
    expect(ok.outcome.type).toBe("ended");

    const broken = await runTurn(initialChatState, "Hi", fakeStream([start("Hi"), { type: "delta", text: 5 }]));
    expect(broken.outcome).toMatchObject({
      type: "failed",
      started: true,
      failure: { kind: "failed", message: FAILURE_MESSAGES.interrupted },
    });
    expect(view(broken.state)[1]).toMatchObject({ status: "failed", failure: { retryText: "Hi" } });
  });

  it("keeps the partial reply with the error message and a retry when the stream reports an error", async () => {
    const stored = message(12, "assistant", "Half a repl", "partial");
    const error = new ApiError({
      code: CHAT_CODES.UPSTREAM_FAILED,
      msg: "The model failed.",
      data: streamError(CHAT_CODES.UPSTREAM_FAILED, "The model failed.", stored),
    });
    const { state, outcome } = await runTurn(
      initialChatState,
      "Tell me",
      fakeStream([start("Tell me"), delta("Half a re")], error),
    );
    expect(outcome).toMatchObject({
      type: "failed",
      started: true,
      failure: { kind: "stream", code: 50201, message: "The model failed." },
    });
    expect(view(state)).toEqual([
      { id: 11, role: "user", content: "Tell me", status: "sent", failure: null },
      {
        id: 12,
        role: "assistant",
        content: "Half a repl",
        status: "partial",
        failure: { message: "The model failed.", retryText: "Tell me" },
      },
    ]);
    expect(state.turn).toBeNull();
  });

  it("gives a failed reply without text a failed status, and a default message when the server sent none", async () => {
    const error = new ApiError({
      code: CHAT_CODES.UPSTREAM_TIMEOUT,
      data: streamError(CHAT_CODES.UPSTREAM_TIMEOUT, "", message(12, "assistant", "", "failed")),
    });
    const { state } = await runTurn(initialChatState, "Hey", fakeStream([start("Hey")], error));
    expect(view(state)[1]).toMatchObject({
      content: "",
      status: "failed",
      failure: { message: FAILURE_MESSAGES.timeout, retryText: "Hey" },
    });
  });

  it("marks the reply stopped when aborted, keeping the text so far", async () => {
    const ctrl = new AbortController();
    async function* source() {
      yield start("Go");
      yield delta("Once upon");
      ctrl.abort();
      throw new DOMException("aborted", "AbortError");
    }
    const { state, outcome } = await runTurn(initialChatState, "Go", source(), ctrl.signal);
    expect(outcome).toEqual({ type: "aborted", started: true });
    expect(view(state)[1]).toEqual({
      id: 12,
      role: "assistant",
      content: "Once upon",
      status: "stopped",
      failure: null,
    });
    expect(state.turn).toBeNull();
  });

  it("keeps exactly the text that was on screen at Stop, dropping text that came after", () => {
    let state = chatReducer(initialChatState, { type: "send", key: "local-1", text: "Go" });
    state = chatReducer(state, { type: "start", start: start("Go") });
    expect(shownReply(state)).toEqual({ id: 12, length: 0 });
    state = chatReducer(state, { type: "delta", text: "Once upon" });
    const atStop = shownReply(state);
    expect(atStop).toEqual({ id: 12, length: 9 });
    // Words already on their way when Stop was pressed, applied before the stream ended.
    state = chatReducer(state, { type: "delta", text: " a time" });
    state = chatReducer(state, { type: "stopped", shown: atStop!.length });
    expect(view(state)[1]).toMatchObject({ id: 12, content: "Once upon", status: "stopped" });
    expect(shownReply(state)).toBeNull();
  });

  it("shows a stopped reply when aborted before the reply started", async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    const { state, outcome } = await runTurn(
      initialChatState,
      "Go",
      fakeStream([], new DOMException("aborted", "AbortError")),
      ctrl.signal,
    );
    expect(outcome).toEqual({ type: "aborted", started: false });
    expect(view(state).map((e) => [e.role, e.status])).toEqual([
      ["user", "sent"],
      ["assistant", "stopped"],
    ]);
  });

  it("keeps a refusal a refusal when the signal is aborted as it arrives (the 401 hook signs out meanwhile)", async () => {
    const ctrl = new AbortController();
    async function* source(): AsyncGenerator<unknown> {
      ctrl.abort();
      throw new ApiError({ code: 401, msg: "Authentication expired", status: 401 });
    }
    const { state, outcome } = await runTurn(initialChatState, "Still there?", source(), ctrl.signal);
    expect(outcome).toMatchObject({
      type: "failed",
      started: false,
      failure: { kind: "refused", notice: { code: 401 } },
    });
    expect(state.entries).toEqual([]);
    // anything else that ends an aborted request is the abort
    const other = new AbortController();
    async function* failing(): AsyncGenerator<unknown> {
      other.abort();
      throw new ApiError({ code: NETWORK_ERROR_CODE, msg: NETWORK_ERROR_MESSAGE });
    }
    expect((await runTurn(initialChatState, "Hi", failing(), other.signal)).outcome).toEqual({
      type: "aborted",
      started: false,
    });
  });

  it("removes the optimistic message and raises a notice on a refusal", async () => {
    const error = new ApiError({
      code: CHAT_CODES.ALLOWANCE_EXHAUSTED,
      msg: "Daily free replies used up",
      status: 402,
    });
    const { state, outcome } = await runTurn(initialChatState, "One more", fakeStream([], error));
    expect(outcome).toMatchObject({ type: "failed", started: false, failure: { kind: "refused" } });
    expect(state.entries).toEqual([]);
    expect(state.notice).toMatchObject({ code: 40201, title: "You've used today's free replies." });
    // the next send clears the notice
    expect(chatReducer(state, { type: "send", key: "local-2", text: "x" }).notice).toBeNull();
  });

  it("keeps a message the network never delivered as unsent with a retry, and retry removes it", async () => {
    const error = new ApiError({ code: NETWORK_ERROR_CODE, msg: NETWORK_ERROR_MESSAGE });
    const { state } = await runTurn(initialChatState, "Are you there?", fakeStream([], error));
    expect(view(state)).toEqual([
      {
        id: null,
        role: "user",
        content: "Are you there?",
        status: "unsent",
        failure: { message: FAILURE_MESSAGES.network, retryText: "Are you there?" },
      },
    ]);
    expect(chatReducer(state, { type: "retry", key: "local-1" }).entries).toEqual([]);
  });

  it("treats a stream that ends without an end message as interrupted", async () => {
    const { state, outcome } = await runTurn(initialChatState, "Hi", fakeStream([start("Hi"), delta("Hel")]));
    expect(outcome).toMatchObject({ type: "failed", failure: { message: FAILURE_MESSAGES.interrupted } });
    expect(view(state)[1]).toMatchObject({ content: "Hel", status: "partial", failure: { retryText: "Hi" } });
  });

  it("retry on a failed reply clears its error but keeps the stored turn", async () => {
    const error = new ApiError({
      code: 50201,
      data: streamError(50201, "boom", message(12, "assistant", "", "failed")),
    });
    const { state } = await runTurn(initialChatState, "Hi", fakeStream([start("Hi")], error));
    const retried = chatReducer(state, { type: "retry", key: "m12" });
    expect(view(retried).map((e) => e.failure)).toEqual([null, null]);
    expect(retried.entries).toHaveLength(2);
  });
});

describe("history in the reducer", () => {
  const page = (list: ChatMessage[], hasMore: boolean, nextBefore: number | null): ChatHistory => ({
    session_id: "s1",
    list,
    has_more: hasMore,
    next_before: nextBefore,
  });

  it("loads the first page, prepends older pages and skips messages already shown", () => {
    let state = chatReducer(initialChatState, { type: "history_loading" });
    expect(state.history.loading).toBe(true);
    state = chatReducer(state, {
      type: "history_loaded",
      page: page([message(5, "user", "c"), message(6, "assistant", "d", "partial")], true, 5),
    });
    expect(state.history).toEqual({ loading: false, loaded: true, failed: false, hasMore: true, nextBefore: 5 });
    expect(view(state).map((e) => [e.id, e.status])).toEqual([
      [5, "sent"],
      [6, "partial"],
    ]);
    state = chatReducer(state, {
      type: "history_loaded",
      page: page([message(3, "user", "a"), message(4, "assistant", "b"), message(5, "user", "c")], false, null),
    });
    expect(state.entries.map((e) => e.id)).toEqual([3, 4, 5, 6]);
    expect(state.entries.map((e) => e.key)).toEqual(["m3", "m4", "m5", "m6"]);
    expect(state.history.hasMore).toBe(false);
  });

  it("records a failed load and resets", () => {
    const failed = chatReducer(chatReducer(initialChatState, { type: "history_loading" }), { type: "history_failed" });
    expect(failed.history).toMatchObject({ loading: false, failed: true, loaded: false });
    expect(chatReducer(failed, { type: "reset" })).toBe(initialChatState);
  });
});
