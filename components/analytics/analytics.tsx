"use client";

import { useCallback } from "react";
import { useIdlePrefetch } from "@/components/use-idle-prefetch";
import { useClickTracking } from "./use-click-tracking";
import { useLoginId } from "./use-login-id";
import { usePageViews } from "./use-page-views";

/**
 * Analytics in the browser (SPEC §1): the login id, page views and labelled clicks go into the queue from the
 * first render on; the SDK itself loads once the page has settled and sends them. Errors are captured from
 * instrumentation-client.ts. Mount once in the root layout, inside <Suspense> (it reads the query string).
 * `serverUrl` is ANALYTICS_SERVER_URL, or null for this app's own collector.
 */
export function Analytics({ serverUrl }: { serverUrl: string | null }) {
  // Effects run in this order: the login id goes first, so the first page view carries it.
  useLoginId();
  usePageViews();
  useClickTracking();
  useIdlePrefetch(
    useCallback(() => import("@/lib/analytics/start-analytics").then((m) => m.startAnalytics(serverUrl)), [serverUrl]),
  );
  return null;
}
