"use client";

import { useLayoutEffect, useRef, type ReactNode } from "react";

/**
 * The chat fills the window below the site header, with the composer pinned to the bottom: a fixed box whose top
 * follows the sticky site header's height (98px below 640px, 65px above, until measured). Fixed rather than in
 * the page flow, so the page itself never scrolls and the message log is the one scroller.
 */
export function ChatViewport({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);

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
      className="fixed inset-x-0 top-[var(--chat-top,98px)] bottom-0 flex flex-col sm:top-[var(--chat-top,65px)]"
    >
      {children}
    </main>
  );
}
