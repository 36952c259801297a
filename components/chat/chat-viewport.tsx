"use client";

import { useLayoutEffect, useRef, type ReactNode } from "react";
import { useVisualViewportBox } from "./use-visual-viewport-box";

/**
 * The chat fills the visible window below the site header, with the composer pinned to the bottom: a fixed box
 * whose top follows the sticky site header's height (none below 640px, where the chat header replaces it; 65px
 * above until measured) and whose bottom follows the visual viewport (an on-screen keyboard). Fixed rather than
 * in the page flow, so the page itself never scrolls and the message log is the one scroller.
 */
export function ChatViewport({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  useVisualViewportBox(ref);

  useLayoutEffect(() => {
    const header = document.querySelector("body header");
    const el = ref.current;
    if (!header || !el || typeof ResizeObserver === "undefined") return;
    const apply = () => el.style.setProperty("--chat-top", `${header.getBoundingClientRect().height}px`);
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  return (
    <main
      ref={ref}
      data-chat-screen
      className="fixed inset-x-0 top-[calc(var(--chat-top,0px)+var(--vv-top,0px))] flex h-[calc(var(--vv-height,100dvh)-var(--chat-top,0px))] flex-col sm:top-[calc(var(--chat-top,65px)+var(--vv-top,0px))] sm:h-[calc(var(--vv-height,100dvh)-var(--chat-top,65px))]"
    >
      {children}
    </main>
  );
}
