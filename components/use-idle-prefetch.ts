"use client";

import { useEffect } from "react";

/** How long after the load event prefetching waits, so it never competes with the first render and hydration. */
const IDLE_PREFETCH_DELAY_MS = 3000;

/**
 * Calls `load` (typically a dynamic `import()`) once the page has settled: after the window's load event, then
 * IDLE_PREFETCH_DELAY_MS, then an idle moment. For code that is not needed at first paint but should be ready
 * before the user asks for it (dialogs, the toaster). Failures are ignored: the code loads again when used.
 * `load` should be a stable (module-level) function.
 */
export function useIdlePrefetch(load: () => Promise<unknown>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const run = () => void load().catch(() => undefined);
    const schedule = () => {
      timer = setTimeout(() => {
        if ("requestIdleCallback" in window) idle = window.requestIdleCallback(run, { timeout: 5000 });
        else run();
      }, IDLE_PREFETCH_DELAY_MS);
    };
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      window.removeEventListener("load", schedule);
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [load]);
}
