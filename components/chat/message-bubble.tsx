"use client";

import { memo } from "react";
import type { ChatEntry } from "@/lib/chat/chat-state";
import { CharacterAvatar } from "./character-avatar";
import { MarkdownView } from "./markdown-view";
import { TurnError } from "./turn-error";
import { TypingDots } from "./typing-dots";

interface Props {
  entry: ChatEntry;
  characterName: string;
  avatarSrc: string | null;
  /** Retry is offered only while no other reply is being written. */
  busy: boolean;
  onRetry: (key: string) => void;
}

const STATUS_LABEL: Partial<Record<ChatEntry["status"], string>> = {
  unsent: "Not sent",
  stopped: "Stopped",
  partial: "Incomplete",
  failed: "No reply",
};

const BUBBLE = "min-w-0 rounded-2xl px-4 py-2.5 text-[0.9375rem] leading-relaxed wrap-anywhere [&>*+*]:mt-2";

export const MessageBubble = memo(function MessageBubble({ entry, characterName, avatarSrc, busy, onRetry }: Props) {
  const mine = entry.role === "user";
  const streaming = entry.status === "streaming";
  const label = entry.failure && entry.status !== "unsent" ? null : STATUS_LABEL[entry.status];
  const showBubble = entry.content !== "" || streaming;

  return (
    <div
      className={`flex gap-2.5 motion-safe:animate-fade-in ${mine ? "justify-end" : ""}`}
      data-role={entry.role}
      data-status={entry.status}
      data-testid="chat-message"
    >
      {mine ? null : <CharacterAvatar src={avatarSrc} className="mt-0.5 size-8" />}
      <div className={`flex max-w-[85%] min-w-0 flex-col sm:max-w-[80%] ${mine ? "items-end" : "items-start"}`}>
        <span className="sr-only">{mine ? "You:" : `${characterName}:`}</span>
        {showBubble ? (
          <div
            data-testid="message-text"
            className={
              mine
                ? `${BUBBLE} rounded-tr-md bg-primary text-primary-foreground [&_a]:text-primary-foreground ${entry.status === "sending" ? "opacity-80" : ""}`
                : `${BUBBLE} rounded-tl-md bg-muted`
            }
          >
            {entry.content === "" ? (
              <TypingDots label={`${characterName} is typing`} />
            ) : (
              <MarkdownView text={entry.content} open={streaming} />
            )}
          </div>
        ) : null}
        {label ? (
          <p
            className={`mt-1 px-1 text-xs ${entry.status === "unsent" ? "text-destructive" : "text-muted-foreground"}`}
          >
            {label}
          </p>
        ) : null}
        {entry.failure ? (
          <TurnError failure={entry.failure} disabled={busy} onRetry={() => onRetry(entry.key)} />
        ) : null}
      </div>
    </div>
  );
});
