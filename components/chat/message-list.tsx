"use client";

import { useRef, type ReactNode } from "react";
import type { ChatEntry, HistoryState } from "@/lib/chat/chat-state";
import { Spinner } from "@/components/ui/spinner";
import { ArrowDownIcon } from "./chat-icons";
import type { MessageChangeHandlers } from "./message-actions";
import { MessageBubble } from "./message-bubble";
import { MessageTurn } from "./message-turn";
import { useChatScroll } from "./use-chat-scroll";
import { useLoadOlder } from "./use-load-older";

interface Props {
  entries: ChatEntry[];
  history: HistoryState;
  greeting: ReactNode;
  characterName: string;
  avatarSrc: string | null;
  busy: boolean;
  onRetry: (key: string) => void;
  onLoadOlder: () => void;
  /** Regenerate, swipes, edit and delete under the messages (a signed-in user's chat). */
  changes?: MessageChangeHandlers;
}

/**
 * The conversation log. Its own live announcements are off (a polite region elsewhere announces finished
 * replies, not every token); it is focusable so keyboard users can scroll it.
 */
export function MessageList({
  entries,
  history,
  greeting,
  characterName,
  avatarSrc,
  busy,
  onRetry,
  onLoadOlder,
  changes,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { onScroll, showJump, jumpToLatest } = useChatScroll(scrollRef, entries);
  const canLoadOlder = history.loaded && history.hasMore && !history.loading && !history.failed;
  useLoadOlder(scrollRef, sentinelRef, canLoadOlder, onLoadOlder, entries.length);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        role="log"
        aria-live="off"
        aria-label={`Conversation with ${characterName}`}
        aria-busy={history.loading || undefined}
        tabIndex={0}
        className="h-full overflow-y-auto overscroll-contain outline-none [overflow-anchor:none] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <div className="relative mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 pt-5 pb-4 sm:px-6">
          <div ref={sentinelRef} aria-hidden="true" className="pointer-events-none absolute inset-x-0 top-0 h-px" />
          {greeting}
          {history.loading ? (
            <div className="flex justify-center py-2">
              <Spinner size="sm" label="Loading messages" />
            </div>
          ) : null}
          {history.failed ? (
            <p className="text-center text-sm text-muted-foreground">
              {history.loaded ? "Couldn't load earlier messages." : "Couldn't load this chat."}{" "}
              <button
                type="button"
                onClick={onLoadOlder}
                className="font-medium text-primary underline underline-offset-2 outline-none focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
              >
                Try again
              </button>
            </p>
          ) : null}
          {entries.map((entry, index) =>
            changes ? (
              <MessageTurn
                key={entry.key}
                entry={entry}
                characterName={characterName}
                avatarSrc={avatarSrc}
                busy={busy}
                onRetry={onRetry}
                latestReply={index === entries.length - 1 && entry.role === "assistant"}
                laterCount={entries.length - 1 - index}
                handlers={changes}
              />
            ) : (
              <MessageBubble
                key={entry.key}
                entry={entry}
                characterName={characterName}
                avatarSrc={avatarSrc}
                busy={busy}
                onRetry={onRetry}
              />
            ),
          )}
        </div>
      </div>
      {showJump ? (
        <button
          type="button"
          onClick={jumpToLatest}
          aria-label="Jump to latest message"
          className="absolute bottom-3 left-1/2 grid size-10 -translate-x-1/2 place-items-center rounded-full border border-border bg-card text-foreground shadow-lg transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring motion-safe:animate-fade-in"
        >
          <ArrowDownIcon width={18} height={18} />
        </button>
      ) : null}
    </div>
  );
}
