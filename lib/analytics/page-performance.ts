import { performanceFigures, type PerformanceFigures } from "./performance-figures";

/** How long to wait for the buffered paint entries; they normally come in the observer's first task. */
const PAINT_WAIT_MS = 1000;

/**
 * The page's largest contentful paint so far (its first-screen time), or undefined. The browser reports it only to
 * an observer, and `buffered` replays the entries from before the call, so this may run late: analytics starts
 * once the page has settled, and its code stays out of the first load.
 */
export function largestContentfulPaint(): Promise<number | undefined> {
  if (typeof PerformanceObserver === "undefined") return Promise.resolve(undefined);
  if (!PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(list.getEntries().at(-1)?.startTime);
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(undefined);
    }, PAINT_WAIT_MS);
    observer.observe({ type: "largest-contentful-paint", buffered: true });
  });
}

/** This page load's figures and the address it was loaded from, or null when the browser gives nothing. */
export function pageLoadPerformance(
  largestPaint: number | undefined,
): { url: string; figures: PerformanceFigures } | null {
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
