"use client";

import { useCallback, useRef, useState, type PointerEvent } from "react";
import { chooseSwipe } from "@/lib/chat/chat-changes-api";
import type { ChatSessionAction } from "@/lib/chat/chat-changes";
import type { ChatEntry } from "@/lib/chat/chat-state";
import { changeFailed } from "./change-failed";

/** A horizontal drag at least this long, and mostly sideways, is a swipe. */
const SWIPE_MIN_PX = 50;

export interface SwipeGesture {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
}

/**
 * A horizontal swipe with a finger: leftwards goes on to the next alternative, rightwards back (as on a stack of
 * cards). Mouse and pen drags select text as usual.
 */
export function useSwipeGesture(onSwipe: (step: 1 | -1) => void): SwipeGesture {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onPointerDown: (event) => {
      start.current = event.pointerType === "touch" ? { x: event.clientX, y: event.clientY } : null;
    },
    onPointerUp: (event) => {
      const from = start.current;
      start.current = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

/** Choosing another swipe of the latest reply: the server's answer replaces the reply on screen. */
export function useSwipes(apply: (action: ChatSessionAction) => void) {
  const [pending, setPending] = useState(false);
  const go = useCallback(
    async (entry: ChatEntry, index: number) => {
      if (entry.id === null || !entry.swipe || index < 0 || index >= entry.swipe.count) return;
      setPending(true);
      try {
        const { message } = await chooseSwipe(entry.id, index);
        apply({ type: "replace_reply", key: entry.key, message });
      } catch (error) {
        changeFailed("Couldn't switch replies", error);
      } finally {
        setPending(false);
      }
    },
    [apply],
  );
  return { pending, go };
}
