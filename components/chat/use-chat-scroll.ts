"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import type { ChatEntry } from "@/lib/chat/chat-state";

/** Within this many pixels of the end counts as "reading the latest": new text keeps the view at the bottom. */
const NEAR_BOTTOM_PX = 96;
/** The "jump to latest" button shows from this far up. */
const JUMP_BUTTON_PX = 320;

interface Snapshot {
  height: number;
  top: number;
  firstKey: string | undefined;
  lastKey: string | undefined;
}

/**
 * Scrolling of the message log: follows new text only while the reader is near the bottom, always goes down for
 * the reader's own new message, and keeps the view still when older messages are put above it. The container
 * needs `overflow-anchor: none`, so the browser's own anchoring does not adjust a second time.
 */
export function useChatScroll(scrollRef: RefObject<HTMLElement | null>, entries: ChatEntry[]) {
  const nearBottom = useRef(true);
  const snapshot = useRef<Snapshot | null>(null);
  const latest = useRef(entries);
  const [showJump, setShowJump] = useState(false);

  const measure = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    nearBottom.current = distance <= NEAR_BOTTOM_PX;
    setShowJump(distance > JUMP_BUTTON_PX);
  }, [scrollRef]);

  const remember = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    snapshot.current = {
      height: el.scrollHeight,
      top: el.scrollTop,
      firstKey: latest.current[0]?.key,
      lastKey: latest.current.at(-1)?.key,
    };
  }, [scrollRef]);

  useLayoutEffect(() => {
    latest.current = entries;
    const el = scrollRef.current;
    if (!el) return;
    const before = snapshot.current;
    const first = entries[0]?.key;
    const last = entries.at(-1);
    const prepended =
      before !== null && before.firstKey !== undefined && first !== before.firstKey && last?.key === before.lastKey;
    if (prepended) {
      el.scrollTop = before.top + (el.scrollHeight - before.height);
    } else if ((last?.role === "user" && last.key !== before?.lastKey) || nearBottom.current) {
      el.scrollTop = el.scrollHeight;
      nearBottom.current = true;
    }
    remember();
    measure();
  }, [entries, measure, remember, scrollRef]);

  // The keyboard opening, the composer growing or a rotation resize the log: stay at the bottom if reading there.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current) el.scrollTop = el.scrollHeight;
      remember();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [remember, scrollRef]);

  const onScroll = useCallback(() => {
    measure();
    remember();
  }, [measure, remember]);

  const jumpToLatest = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ top: el.scrollHeight, behavior: reduce ? "auto" : "smooth" });
  }, [scrollRef]);

  return { onScroll, showJump, jumpToLatest };
}
