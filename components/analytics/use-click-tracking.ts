"use client";

import { useEffect } from "react";
import { track } from "@/lib/analytics/analytics-queue";
import { clickLabelOf } from "@/lib/analytics/click-label";
import { ANALYTICS_EVENTS } from "@/lib/analytics/constants";

/**
 * One listener for every labelled control (`data-track`, lib/analytics/click-label.ts), dialogs in portals
 * included. Capture phase, so a handler that stops the click's propagation does not hide it.
 */
export function useClickTracking(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const label = clickLabelOf(event.target instanceof Element ? event.target : null);
      if (label) track(ANALYTICS_EVENTS.click, { ...label });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
}
