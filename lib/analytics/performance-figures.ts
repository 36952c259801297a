/**
 * The `kewlweb_performance` figures (SPEC §1), in whole milliseconds, from the page's navigation timing and paint
 * entries. A figure whose inputs are missing, zero (not reached, or hidden by the browser) or out of range is left
 * out rather than sent as a wrong number.
 */

/** The fields of PerformanceNavigationTiming these figures read (times from the navigation's start). */
export interface NavigationTimes {
  startTime: number;
  domainLookupStart: number;
  domainLookupEnd: number;
  connectStart: number;
  connectEnd: number;
  requestStart: number;
  responseEnd: number;
  domInteractive: number;
  domContentLoadedEventEnd: number;
  loadEventEnd: number;
}

/** Paint times from the navigation's start; undefined when the browser has no such entry. */
export interface PaintTimes {
  firstPaint?: number;
  firstContentfulPaint?: number;
  largestContentfulPaint?: number;
}

export interface PerformanceFigures {
  dns?: number;
  tcp?: number;
  request?: number;
  white_screen?: number;
  dom_ready?: number;
  load?: number;
  first_screen?: number;
  fcp?: number;
}

/** Longer than this is a tab left in the background or a clock jump, not a load time. */
export const MAX_FIGURE_MS = 30 * 60 * 1000;

function valid(ms: number): number | undefined {
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_FIGURE_MS ? Math.round(ms) : undefined;
}

/** end - start, when both happened (a zero mark means it did not, or the browser hides it). */
function span(start: number, end: number): number | undefined {
  return start > 0 && end > 0 && end >= start ? valid(end - start) : undefined;
}

/** A moment after the navigation's start, when it happened. */
function since(origin: number, mark: number | undefined): number | undefined {
  return mark !== undefined && mark > 0 ? valid(mark - origin) : undefined;
}

/**
 * dns and tcp: the lookup and the connection (0 when a connection was reused); request: from sending the request
 * to the last byte of the answer; white_screen: until the first paint (else the first contentful paint, else the
 * document being parsed); dom_ready: DOMContentLoaded done; load: the load event done; first_screen: the largest
 * contentful paint, else load; fcp: the first contentful paint. Null when there is nothing to report.
 */
export function performanceFigures(nav: NavigationTimes | undefined, paints: PaintTimes): PerformanceFigures | null {
  const origin = nav?.startTime ?? 0;
  const load = nav ? since(origin, nav.loadEventEnd) : undefined;
  const fcp = since(0, paints.firstContentfulPaint);
  const figures: PerformanceFigures = {
    dns: nav ? span(nav.domainLookupStart, nav.domainLookupEnd) : undefined,
    tcp: nav ? span(nav.connectStart, nav.connectEnd) : undefined,
    request: nav ? span(nav.requestStart, nav.responseEnd) : undefined,
    white_screen: since(0, paints.firstPaint) ?? fcp ?? (nav ? since(origin, nav.domInteractive) : undefined),
    dom_ready: nav ? since(origin, nav.domContentLoadedEventEnd) : undefined,
    load,
    first_screen: since(0, paints.largestContentfulPaint) ?? load,
    fcp,
  };
  const present = Object.entries(figures).filter(([, value]) => value !== undefined);
  return present.length > 0 ? Object.fromEntries(present) : null;
}
