"use client";

import type { ChatEntry } from "@/lib/chat/chat-state";
import { MessageActions, type MessageChangeHandlers } from "./message-actions";
import { MessageBubble } from "./message-bubble";
import { useSwipeGesture } from "./use-swipes";

interface Props {
  entry: ChatEntry;
  characterName: string;
  avatarSrc: string | null;
  busy: boolean;
  onRetry: (key: string) => void;
  latestReply: boolean;
  laterCount: number;
  handlers: MessageChangeHandlers;
}

/** A message with its actions under it; the latest reply with swipes also follows a finger swiped sideways. */
export function MessageTurn({ latestReply, laterCount, handlers, ...bubble }: Props) {
  const { entry, busy } = bubble;
  const swipe = latestReply && entry.swipe && entry.swipe.count > 1 && !busy ? entry.swipe : null;
  const gesture = useSwipeGesture((step) => {
    if (!swipe || handlers.swiping) return;
    const index = swipe.index + step;
    if (index >= 0 && index < swipe.count) handlers.swipe(entry, index);
  });
  return (
    <div
      // Not in the tab order (its buttons are); a tap or click focuses it, which shows an earlier message's actions.
      tabIndex={latestReply ? undefined : -1}
      className={`group/turn relative flex flex-col outline-none ${swipe ? "touch-pan-y" : ""}`}
      {...(swipe ? gesture : {})}
    >
      <MessageBubble {...bubble} />
      <MessageActions
        entry={entry}
        latestReply={latestReply}
        laterCount={laterCount}
        busy={busy}
        characterName={bubble.characterName}
        handlers={handlers}
      />
    </div>
  );
}
