"use client";

import { useQueryClient } from "@tanstack/react-query";
import { type Dispatch, useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { isApiError } from "@/lib/api/errors";
import { fetchChatHistory, openChatStream, stopChatReply } from "@/lib/chat/chat-api";
import { openRegenerateStream, openResendStream } from "@/lib/chat/chat-changes-api";
import { chatSessionReducer, type ChatSessionAction } from "@/lib/chat/chat-changes";
import { purchaseDialogFor } from "@/lib/chat/chat-failures";
import { initialChatState, shownReply, type ChatState } from "@/lib/chat/chat-state";
import { consumeChatStream, type ChatStreamOutcome } from "@/lib/chat/chat-stream";
import { createFrameBatcher } from "@/lib/chat/frame-batcher";
import { CHAT_CODES } from "@/lib/contracts/chat-codes";
import { chatQueryKeys } from "@/lib/chat/query-keys";
import { useDialogStore } from "@/stores/dialog-store";
import { useWalletPatch } from "./use-wallet";

type SendResult = "ended" | "stopped" | "refused" | "failed" | "busy";

export interface ChatSession {
  state: ChatState;
  send(text: string): Promise<SendResult>;
  stop(): void;
  /** Sends a failed turn's text again (or, when its message is stored, regenerates the reply). */
  retry(entryKey: string): Promise<SendResult>;
  /** A new reply in place of the latest one (stopping it first while it is written); the old one stays a swipe. */
  regenerate(replyKey: string): Promise<SendResult>;
  /** The user's message with new text, later messages removed, and a new reply. */
  resend(userKey: string, text: string): Promise<SendResult>;
  /** Applies a change the server made (a swipe chosen, an edit, a deletion, the greeting). */
  apply(action: ChatSessionAction): void;
  /** Whether a reply is being written or about to be. */
  isBusy(): boolean;
  /** The next page of older messages (or the first page again after it failed). */
  loadOlder(): void;
  dismissNotice(): void;
}

interface Options {
  robotId: number;
  /** The chat chosen in the URL, or null for the latest chat with the character. */
  chatId: string | null;
  /** Signed-in user, or null; history loads for a user and resets when it changes. */
  uid: string | null;
  model: string | null;
  /** Called once per finished turn, for the screen-reader announcement. */
  onSettled?: (outcome: ChatStreamOutcome) => void;
  /** The chosen chat is not (or no longer) the user's: the page goes back to the latest. */
  onChatNotFound?: () => void;
}

let localKeys = 0;

/**
 * One page of history into the state; a failure is shown unless the request was cancelled. The chat it came from
 * goes to `onChat` (the latest one's id when none was chosen); a chosen chat that is not found to `onMissing`.
 */
function loadHistoryPage(
  dispatch: Dispatch<ChatSessionAction>,
  chat: { robotId: number; chatId: string | null },
  before: number | null,
  signal: AbortSignal,
  on: { chat: (id: string | null) => void; missing: () => void },
): void {
  dispatch({ type: "history_loading" });
  fetchChatHistory(chat.robotId, chat.chatId, before, signal).then(
    (page) => {
      on.chat(page.session_id);
      dispatch({ type: "history_loaded", page });
    },
    (error: unknown) => {
      if (signal.aborted) return;
      if (isApiError(error) && error.code === CHAT_CODES.CHAT_NOT_FOUND) on.missing();
      else dispatch({ type: "history_failed" });
    },
  );
}

/** The conversation with one character: history paging, sending with a streamed reply, stop and retry. */
export function useChatSession({ robotId, chatId, uid, model, onSettled, onChatNotFound }: Options): ChatSession {
  const [state, dispatch] = useReducer(chatSessionReducer, initialChatState);
  const stateRef = useRef(state);
  const abortRef = useRef<AbortController | null>(null);
  /** Set by Stop: the reply and how much of it was on screen (null: it had not started). */
  const shownAtStopRef = useRef<{ id: number; length: number } | null | undefined>(undefined);
  /** Set when a regeneration stops the running reply: its request tells the server the shown length instead. */
  const handOverRef = useRef(false);
  /** The turn being written, so a regeneration can wait for the one it stopped. */
  const runningRef = useRef<Promise<SendResult> | null>(null);
  const olderRef = useRef<AbortController | null>(null);
  const settledRef = useRef(onSettled);
  const missingRef = useRef(onChatNotFound);
  /** The chat on screen: the chosen one, or the latest once history or a reply has said which it is. */
  const shownChatRef = useRef<string | null>(chatId);
  const queryClient = useQueryClient();
  const patchWallet = useWalletPatch();

  useEffect(() => {
    stateRef.current = state;
    settledRef.current = onSettled;
    missingRef.current = onChatNotFound;
  });

  const historyHandlers = useMemo(
    () => ({
      chat: (id: string | null) => {
        shownChatRef.current = id;
      },
      missing: () => missingRef.current?.(),
    }),
    [],
  );

  useEffect(() => {
    dispatch({ type: "reset" });
    shownChatRef.current = chatId;
    if (uid === null) return;
    const ctrl = new AbortController();
    loadHistoryPage(dispatch, { robotId, chatId }, null, ctrl.signal, historyHandlers);
    return () => {
      ctrl.abort();
      olderRef.current?.abort();
      // Leaving the page (or signing out) stops a reply; the server keeps what was written.
      abortRef.current?.abort();
    };
  }, [robotId, chatId, uid, historyHandlers]);

  const loadOlder = useCallback(() => {
    const { history } = stateRef.current;
    if (uid === null || history.loading) return;
    // Before the first page has arrived (it failed), this loads the first page again.
    if (history.loaded && (!history.hasMore || history.nextBefore === null)) return;
    const ctrl = new AbortController();
    olderRef.current = ctrl;
    const chat = { robotId, chatId: chatId ?? shownChatRef.current };
    loadHistoryPage(dispatch, chat, history.loaded ? history.nextBefore : null, ctrl.signal, historyHandlers);
  }, [robotId, chatId, uid, historyHandlers]);

  /** One streamed turn: `begin` puts it on screen, `open` requests the reply. */
  const runTurn = useCallback(
    async (begin: ChatSessionAction, open: (signal: AbortSignal) => AsyncIterable<unknown>): Promise<SendResult> => {
      if (abortRef.current) return "busy";
      const ctrl = new AbortController();
      abortRef.current = ctrl;
      dispatch(begin);
      // Text paced on screen (frame-batcher.ts) unless the reader asked for less motion: then it shows as it comes.
      const pace = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      const batcher = createFrameBatcher((delta) => dispatch({ type: "delta", text: delta }), { pace });
      const outcome = await consumeChatStream(
        open(ctrl.signal),
        {
          onStart: (start) => {
            shownChatRef.current = start.session_id;
            dispatch({ type: "start", start });
          },
          onDelta: (delta) => batcher.push(delta),
          onEnd: (end) => {
            batcher.flush();
            dispatch({ type: "end", end });
            patchWallet({ balance: end.balance, freeRepliesLeft: end.free_replies_left });
          },
        },
        ctrl.signal,
      );
      if (outcome.type === "aborted") batcher.cancel();
      else batcher.dispose();
      abortRef.current = null;
      const shown = shownAtStopRef.current;
      shownAtStopRef.current = undefined;
      const handedOver = handOverRef.current;
      handOverRef.current = false;
      const refreshWallet = () => void queryClient.invalidateQueries({ queryKey: chatQueryKeys.wallet(uid) });

      let result: SendResult;
      if (outcome.type === "ended" || outcome.started)
        void queryClient.invalidateQueries({ queryKey: chatQueryKeys.chatsAll() });
      if (outcome.type === "ended") {
        result = "ended";
        void queryClient.invalidateQueries({ queryKey: chatQueryKeys.recentAll() });
      } else if (outcome.type === "aborted") {
        result = "stopped";
        dispatch({ type: "stopped", shown: shown?.length });
        const stored = handedOver
          ? Promise.resolve()
          : shown
            ? stopChatReply(shown.id, shown.length).then(
                (answer) => queryClient.setQueryData(chatQueryKeys.wallet(uid), answer.wallet),
                refreshWallet,
              )
            : Promise.resolve(refreshWallet());
        if (outcome.started)
          void stored.then(() => queryClient.invalidateQueries({ queryKey: chatQueryKeys.recentAll() }));
      } else {
        const { failure } = outcome;
        if (failure.kind === "refused") {
          result = "refused";
          dispatch({ type: "refused", notice: failure.notice });
          // The refusal may mean the wallet changed elsewhere (e.g. today's free replies ran out).
          refreshWallet();
          // Free replies used up opens the plans, too few coins the coin packages (the notice stays behind).
          // The dialog says why it opened: the notice is behind its overlay.
          const dialog = purchaseDialogFor(failure.notice.code);
          const reason = { title: failure.notice.title, hint: failure.notice.hint };
          if (dialog === "subscription") useDialogStore.getState().openSubscription(reason);
          else if (dialog === "coins") useDialogStore.getState().openCoins(reason);
        } else if (failure.kind === "stream") {
          result = "failed";
          dispatch({ type: "stream_failed", message: failure.message, stored: failure.data.message });
          if (failure.data.balance !== null) patchWallet({ balance: failure.data.balance });
          // A reply that failed before any text gave its free reply back.
          refreshWallet();
        } else {
          result = "failed";
          dispatch({ type: "send_failed", message: failure.message });
          refreshWallet();
        }
      }
      settledRef.current?.(outcome);
      return result;
    },
    [patchWallet, queryClient, uid],
  );

  const track = useCallback((turn: Promise<SendResult>) => {
    runningRef.current = turn;
    void turn.finally(() => {
      if (runningRef.current === turn) runningRef.current = null;
    });
    return turn;
  }, []);

  const send = useCallback(
    (text: string) =>
      track(
        runTurn({ type: "send", key: `local-${++localKeys}`, text }, (signal) =>
          openChatStream({ robotId, chatId: chatId ?? shownChatRef.current, message: text, model }, signal),
        ),
      ),
    [chatId, model, robotId, runTurn, track],
  );

  const regenerate = useCallback(
    async (replyKey: string): Promise<SendResult> => {
      let shownLength: number | undefined;
      let key = replyKey;
      if (abortRef.current) {
        // Stop the reply being written; the regeneration tells the server how much of it was shown.
        const shown = shownReply(stateRef.current);
        if (!shown) return "busy";
        shownAtStopRef.current = shown;
        handOverRef.current = true;
        shownLength = shown.length;
        abortRef.current.abort();
        await runningRef.current;
        key = stateRef.current.entries.find((e) => e.id === shown.id)?.key ?? replyKey;
      }
      const reply = stateRef.current.entries.find((e) => e.key === key);
      if (!reply?.id || abortRef.current) return "busy";
      const messageId = reply.id;
      return track(
        runTurn({ type: "regenerate", replyKey: key }, (signal) =>
          openRegenerateStream({ messageId, model, shownLength }, signal),
        ),
      );
    },
    [model, runTurn, track],
  );

  const resend = useCallback(
    (userKey: string, text: string): Promise<SendResult> => {
      const message = stateRef.current.entries.find((e) => e.key === userKey);
      if (!message?.id || abortRef.current) return Promise.resolve("busy");
      const messageId = message.id;
      return track(
        runTurn({ type: "resend", userKey, text }, (signal) =>
          openResendStream({ messageId, message: text, model }, signal),
        ),
      );
    },
    [model, runTurn, track],
  );

  const stop = useCallback(() => {
    const ctrl = abortRef.current;
    if (!ctrl) return;
    // What the last render put on screen is what the reply keeps, here and on the server.
    shownAtStopRef.current = shownReply(stateRef.current);
    ctrl.abort();
  }, []);

  const retry = useCallback(
    async (entryKey: string) => {
      const entry = stateRef.current.entries.find((e) => e.key === entryKey);
      if (!entry?.failure || abortRef.current) return "busy";
      if (entry.failure.regenerate && entry.role === "assistant" && entry.id !== null) return regenerate(entryKey);
      dispatch({ type: "retry", key: entryKey });
      return send(entry.failure.retryText);
    },
    [regenerate, send],
  );

  const dismissNotice = useCallback(() => dispatch({ type: "dismiss_notice" }), []);

  const apply = useCallback((action: ChatSessionAction) => dispatch(action), []);
  const isBusy = useCallback(() => abortRef.current !== null, []);

  return { state, send, stop, retry, regenerate, resend, apply, isBusy, loadOlder, dismissNotice };
}
