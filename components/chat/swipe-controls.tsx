"use client";

import type { KeyboardEvent } from "react";
import type { SwipePlace } from "@/lib/chat/chat-state";
import { ChevronLeftIcon, ChevronRightIcon } from "./message-action-icons";

export const ACTION_BUTTON =
  "grid size-8 place-items-center rounded-full text-muted-foreground transition-colors outline-none " +
  "hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40 " +
  "disabled:hover:bg-transparent";

/**
 * ‹ 2/3 › between a message's alternatives (a reply's swipes, the greetings). The arrow keys move too while focus is
 * in the group.
 */
export function SwipeControls({
  place,
  noun,
  disabled,
  onGo,
}: {
  place: SwipePlace;
  /** "reply" or "greeting", for the labels. */
  noun: string;
  disabled: boolean;
  onGo: (index: number) => void;
}) {
  const { index, count } = place;
  const canBack = !disabled && index > 0;
  const canOn = !disabled && index < count - 1;
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "ArrowLeft" && canBack) onGo(index - 1);
    else if (event.key === "ArrowRight" && canOn) onGo(index + 1);
    else return;
    event.preventDefault();
  }
  return (
    <div
      role="group"
      aria-label={`${noun[0]?.toUpperCase()}${noun.slice(1)} ${index + 1} of ${count}`}
      onKeyDown={onKeyDown}
      className="flex items-center"
      data-testid="swipe-controls"
    >
      <button
        type="button"
        className={ACTION_BUTTON}
        aria-label={`Previous ${noun}`}
        disabled={!canBack}
        onClick={() => onGo(index - 1)}
      >
        <ChevronLeftIcon />
      </button>
      <span className="min-w-9 text-center text-xs text-muted-foreground tabular-nums" data-testid="swipe-counter">
        {index + 1}/{count}
      </span>
      <button
        type="button"
        className={ACTION_BUTTON}
        aria-label={`Next ${noun}`}
        disabled={!canOn}
        onClick={() => onGo(index + 1)}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}
