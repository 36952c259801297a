import { performanceFigures, type PerformanceFigures } from "./performance-figures";

let largestPaint: number | undefined;
let observing = false;

/**
 * Starts following the largest contentful paint (the browser only reports it to an observer; `buffered` replays
 * the entries from before this call). Call early; the latest candidate is the page's first-screen time.
 */
export function observeLargestContentfulPaint(): void {
  if (observing || typeof PerformanceObserver === "undefined") return;
  if (!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) return;
  observing = true;
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) largestPaint = last.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

/** This page load's figures and the address it was loaded from, or null when the browser gives nothing. */
export function pageLoadPerformance(): { url: string; figures: PerformanceFigures } | null {
  if (typeof performance === "undefined" || typeof performance.getEntriesByType !== "function") return null;
  const entry = performance.getEntriesByType("navigation")[0];
  const nav =
    typeof PerformanceNavigationTiming !== "undefined" && entry instanceof PerformanceNavigationTiming
      ? entry
      : undefined;
  const paint = (name: string) => performance.getEntriesByName(name, "paint")[0]?.startTime;
  const figures = performanceFigures(nav, {
    firstPaint: paint("first-paint"),
    firstContentfulPaint: paint("first-contentful-paint"),
    largestContentfulPaint: largestPaint,
  });
  return figures ? { url: nav?.name ?? window.location.href, figures } : null;
}
