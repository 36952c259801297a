"use client";

import { type RefObject, useLayoutEffect } from "react";

/** A pinch-zoom beyond this leaves the box alone: it follows the keyboard, not the reader's zoom. */
const ZOOMED = 1.01;
/** Below this visible height (a keyboard open, a phone on its side) the box is marked `data-short-window`. */
const SHORT_WINDOW_PX = 560;

/**
 * Keeps a fixed box on the part of the layout viewport that is visible: `--vv-top` and `--vv-height` follow
 * window.visualViewport. Where the `interactive-widget=resizes-content` viewport setting is honoured (Chrome and
 * Firefox on Android), the keyboard shrinks the layout viewport itself and these equal 0 and the window's height;
 * Safari on iOS ignores that setting and only shrinks the visual viewport (and may shift it down), which this
 * follows so the composer stays just above the keyboard. A short visible height marks the box `data-short-window`
 * (the chat header then keeps the name to one line).
 */
export function useVisualViewportBox(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    const vv = window.visualViewport;
    if (!el || !vv) return;
    const apply = () => {
      if (vv.scale > ZOOMED) {
        el.style.removeProperty("--vv-top");
        el.style.removeProperty("--vv-height");
        el.removeAttribute("data-short-window");
        return;
      }
      el.toggleAttribute("data-short-window", vv.height < SHORT_WINDOW_PX);
      el.style.setProperty("--vv-top", `${Math.max(0, vv.offsetTop)}px`);
      el.style.setProperty("--vv-height", `${vv.height}px`);
    };
    apply();
    vv.addEventListener("resize", apply);
    vv.addEventListener("scroll", apply);
    return () => {
      vv.removeEventListener("resize", apply);
      vv.removeEventListener("scroll", apply);
    };
  }, [ref]);
}
