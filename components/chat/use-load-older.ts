"use client";

import { useEffect, type RefObject } from "react";

/**
 * Calls `load` when the sentinel at the top of the log comes within reach. The observer is made again whenever
 * `version` changes (a page arrived), so a sentinel still in view after a short page asks for the next one.
 */
export function useLoadOlder(
  rootRef: RefObject<HTMLElement | null>,
  sentinelRef: RefObject<HTMLElement | null>,
  enabled: boolean,
  load: () => void,
  version: number,
): void {
  useEffect(() => {
    const root = rootRef.current;
    const sentinel = sentinelRef.current;
    if (!enabled || !root || !sentinel || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) load();
      },
      { root, rootMargin: "400px 0px 0px 0px" },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [enabled, load, rootRef, sentinelRef, version]);
}
