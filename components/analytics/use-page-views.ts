"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { analyticsQueue } from "@/lib/analytics/analytics-queue";
import { pageViewProperties } from "@/lib/analytics/page-view";

/**
 * A `$pageview` per navigation, the first load included: the router's path and query are what changes. The
 * address, title and referrer are taken now, not when the SDK sends (it loads later). The ref keeps React's
 * development double effect from counting a page twice.
 */
export function usePageViews(): void {
  const pathname = usePathname();
  const query = useSearchParams().toString();
  const lastUrl = useRef<string | null>(null);

  useEffect(() => {
    const url = window.location.href;
    if (url === lastUrl.current) return;
    const referrer = lastUrl.current ?? document.referrer;
    lastUrl.current = url;
    analyticsQueue.send({
      kind: "pageview",
      properties: pageViewProperties(url, document.title, referrer),
      at: Date.now(),
    });
  }, [pathname, query]);
}
