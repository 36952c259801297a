"use client";

import { useCallback, useRef, useState } from "react";
import type { ChatStreamOutcome } from "@/lib/chat/chat-stream";
import { useDialogStore } from "@/stores/dialog-store";
import { ChatNotice } from "./chat-notice";
import { Composer, type ComposerHandle } from "./composer";
import { GreetingSwipes } from "./greeting-swipes";
import { MessageList } from "./message-list";
import { toast } from "@/stores/toast-store";
import { useChatId, useOpenChat } from "./use-chat-id";
import { useChatModels } from "./use-chat-models";
import { useChatSession } from "./use-chat-session";
import { useMessageChanges } from "./use-message-changes";
import { useViewer } from "./use-viewer";

export interface ChatRobot {
  id: number;
  key: string;
  name: string;
  greeting: string;
  /** Swipes of the greeting. */
  alternateGreetings: string[];
  /** Already passed through safeImageSrc. */
  avatarSrc: string | null;
}

/** Longest reply text read out when a reply finishes. */
const ANNOUNCE_MAX_CHARS = 600;

function announcementFor(outcome: ChatStreamOutcome, name: string): string {
  if (outcome.type === "ended") {
    const text = outcome.end.message.content;
    return `${name} replied: ${text.length > ANNOUNCE_MAX_CHARS ? `${text.slice(0, ANNOUNCE_MAX_CHARS)}…` : text}`;
  }
  if (outcome.type === "aborted") return "Reply stopped.";
  const { failure } = outcome;
  return failure.kind === "refused" ? failure.notice.title : `The reply failed. ${failure.message}`;
}

/** The chat's client island: the conversation, the composer and what they announce. */
export function ChatRoom({ robot }: { robot: ChatRobot }) {
  const viewer = useViewer();
  const { data: models } = useChatModels(robot.key);
  const [draft, setDraft] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const composerRef = useRef<ComposerHandle>(null);

  const onSettled = useCallback(
    (outcome: ChatStreamOutcome) => setAnnouncement(announcementFor(outcome, robot.name)),
    [robot.name],
  );
  const chatId = useChatId();
  const openChat = useOpenChat();
  const onChatNotFound = useCallback(() => {
    openChat(null, "replace");
    toast({ title: "Chat not found", description: "It was deleted. Here is your latest chat." });
  }, [openChat]);
  const session = useChatSession({
    robotId: robot.id,
    chatId,
    uid: viewer.uid,
    model: models?.current ?? null,
    onSettled,
    onChatNotFound,
  });
  const { state } = session;
  const streaming = state.turn !== null;
  const changes = useMessageChanges(session);
  const { apply } = session;
  const onGreetingChosen = useCallback((index: number) => apply({ type: "greeting", index }), [apply]);

  async function send() {
    const text = draft.trim();
    if (!text || streaming) return;
    if (viewer.uid === null) {
      // The draft stays in the composer for after signing in.
      useDialogStore.getState().openLogin();
      return;
    }
    setDraft("");
    // Keeps typing possible (and a phone's keyboard up) after a tap on Send.
    composerRef.current?.focus();
    const result = await session.send(text);
    // A refused message was not stored: it goes back into the composer unless something new was typed there.
    if (result === "refused") setDraft((current) => (current.trim() ? current : text));
  }

  const { retry } = session;
  const onRetry = useCallback((key: string) => void retry(key), [retry]);

  function stop() {
    session.stop();
    composerRef.current?.focus();
  }

  return (
    <>
      <MessageList
        entries={state.entries}
        history={state.history}
        greeting={
          <GreetingSwipes
            robotId={robot.id}
            chatId={chatId}
            greetings={[robot.greeting, ...robot.alternateGreetings]}
            index={state.greetingIndex}
            open={state.entries.length === 0 && !streaming && (viewer.uid === null || state.history.loaded)}
            signedIn={viewer.uid !== null}
            characterName={robot.name}
            avatarSrc={robot.avatarSrc}
            onChosen={onGreetingChosen}
          />
        }
        characterName={robot.name}
        avatarSrc={robot.avatarSrc}
        busy={streaming}
        onRetry={onRetry}
        onLoadOlder={session.loadOlder}
        changes={viewer.uid === null ? undefined : changes}
      />
      <div className="shrink-0 bg-background">
        <div className="mx-auto w-full max-w-3xl px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-6">
          {state.notice ? <ChatNotice notice={state.notice} onDismiss={session.dismissNotice} /> : null}
          <Composer
            ref={composerRef}
            value={draft}
            onChange={setDraft}
            onSend={() => void send()}
            onStop={stop}
            streaming={streaming}
            characterName={robot.name}
          />
        </div>
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="chat-announcer">
        {announcement}
      </div>
    </>
  );
}
