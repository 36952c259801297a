import { describe, expect, it } from "vitest";
import { MAX_FIGURE_MS, performanceFigures, type NavigationTimes } from "@/lib/analytics/performance-figures";

/** A navigation as Chromium reports one: times in ms from the navigation's start. */
const NAV: NavigationTimes = {
  startTime: 0,
  domainLookupStart: 10.2,
  domainLookupEnd: 35.6,
  connectStart: 35.6,
  connectEnd: 80.7,
  requestStart: 81,
  responseEnd: 240.4,
  domInteractive: 410,
  domContentLoadedEventEnd: 455.5,
  loadEventEnd: 900.2,
};

describe("performanceFigures", () => {
  it("computes every figure in whole milliseconds", () => {
    expect(
      performanceFigures(NAV, { firstPaint: 300.4, firstContentfulPaint: 310.6, largestContentfulPaint: 620.2 }),
    ).toEqual({
      dns: 25,
      tcp: 45,
      request: 159,
      white_screen: 300,
      dom_ready: 456,
      load: 900,
      first_screen: 620,
      fcp: 311,
    });
  });

  it("reports a reused connection as 0 ms of DNS and TCP, not as missing", () => {
    const reused = { ...NAV, domainLookupStart: 5, domainLookupEnd: 5, connectStart: 5, connectEnd: 5 };
    expect(performanceFigures(reused, {})).toMatchObject({ dns: 0, tcp: 0 });
  });

  it("leaves out spans the browser zeroed (hidden timing) instead of reporting them as 0", () => {
    const hidden = {
      ...NAV,
      domainLookupStart: 0,
      domainLookupEnd: 0,
      connectStart: 0,
      connectEnd: 0,
      requestStart: 0,
    };
    const figures = performanceFigures(hidden, {});
    expect(figures).not.toHaveProperty("dns");
    expect(figures).not.toHaveProperty("tcp");
    expect(figures).not.toHaveProperty("request");
    expect(figures).toMatchObject({ dom_ready: 456, load: 900 });
  });

  it("without paint entries: white screen from the parsed document, first screen from load, no fcp", () => {
    const figures = performanceFigures(NAV, {});
    expect(figures).toMatchObject({ white_screen: 410, first_screen: 900 });
    expect(figures).not.toHaveProperty("fcp");
  });

  it("without first-paint (Safari) the white screen is the first contentful paint", () => {
    expect(performanceFigures(NAV, { firstContentfulPaint: 333 })).toMatchObject({ white_screen: 333, fcp: 333 });
  });

  it("a load event not finished yet (loadEventEnd 0) gives no load, and first screen only from a paint", () => {
    const loading = { ...NAV, loadEventEnd: 0 };
    expect(performanceFigures(loading, {})).not.toHaveProperty("load");
    expect(performanceFigures(loading, {})).not.toHaveProperty("first_screen");
    expect(performanceFigures(loading, { largestContentfulPaint: 500 })).toMatchObject({ first_screen: 500 });
  });

  it("drops negative, non-finite and absurdly long figures", () => {
    const odd = { ...NAV, connectEnd: 20, responseEnd: Number.NaN, loadEventEnd: MAX_FIGURE_MS + 1 };
    const figures = performanceFigures(odd, { firstContentfulPaint: -4 });
    expect(figures).not.toHaveProperty("tcp");
    expect(figures).not.toHaveProperty("request");
    expect(figures).not.toHaveProperty("load");
    expect(figures).not.toHaveProperty("fcp");
    expect(figures).toMatchObject({ dns: 25, dom_ready: 456 });
  });

  it("with no navigation entry, reports the paints alone; with nothing at all, null", () => {
    expect(
      performanceFigures(undefined, { firstPaint: 120, firstContentfulPaint: 150, largestContentfulPaint: 400 }),
    ).toEqual({ white_screen: 120, first_screen: 400, fcp: 150 });
    expect(performanceFigures(undefined, {})).toBeNull();
    const empty = Object.fromEntries(Object.keys(NAV).map((key) => [key, 0])) as unknown as NavigationTimes;
    expect(performanceFigures(empty, {})).toBeNull();
  });

  it("measures from the entry's start time", () => {
    const shifted = { ...NAV, startTime: 100, domContentLoadedEventEnd: 555.5, loadEventEnd: 1000.2 };
    expect(performanceFigures(shifted, {})).toMatchObject({ dom_ready: 456, load: 900 });
  });
});
