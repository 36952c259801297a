import { describe, expect, it } from "vitest";
import { createErrorDeduper, ERROR_BURST_MS, MAX_ERRORS_PER_PAGE } from "@/lib/analytics/error-dedupe";
import { ignoreReason } from "@/lib/analytics/error-filter";
import {
  errorEventProperties,
  firstStackSource,
  rejectionReport,
  resourceErrorReport,
  runtimeErrorReport,
  type ErrorReport,
} from "@/lib/analytics/error-report";

const ORIGIN = "https://kewl.example";
const OWN = [ORIGIN];
const CHUNK = `${ORIGIN}/_next/static/chunks/app-1a2b.js`;

function runtime(overrides: Partial<Parameters<typeof runtimeErrorReport>[0]> = {}): ErrorReport {
  const error = new Error("Cannot read properties of undefined (reading 'id')");
  error.stack = `TypeError: Cannot read properties of undefined (reading 'id')\n    at f (${CHUNK}:1:2345)`;
  return runtimeErrorReport(
    { message: `Uncaught ${error.message}`, filename: CHUNK, lineno: 1, colno: 2345, error, ...overrides },
    "/character/3",
  );
}

describe("ignoreReason", () => {
  it("keeps our own errors, rejections and failed loads", () => {
    expect(ignoreReason(runtime(), OWN)).toBeNull();
    const rejected = new Error("Request failed");
    rejected.stack = `Error: Request failed\n    at send (${CHUNK}:1:99)`;
    expect(ignoreReason(rejectionReport(rejected, "/"), OWN)).toBeNull();
    expect(ignoreReason(resourceErrorReport("script", CHUNK, "/"), OWN)).toBeNull();
    expect(ignoreReason(resourceErrorReport("stylesheet", `${ORIGIN}/_next/static/css/a.css`, "/"), OWN)).toBeNull();
  });

  it("keeps errors with no source at all (inline code, a string rejection)", () => {
    expect(ignoreReason(runtime({ filename: "", error: null, message: "boom" }), OWN)).toBeNull();
    expect(ignoreReason(rejectionReport("quota exceeded", "/"), OWN)).toBeNull();
  });

  it("ignores anything that mentions fbclid, in the message, the source or the stack", () => {
    expect(ignoreReason(runtime({ message: "Invalid URL: /?fbclid=IwAR0abc" }), OWN)).toBe("fbclid");
    expect(ignoreReason(resourceErrorReport("script", `${ORIGIN}/x.js?fbclid=abc`, "/"), OWN)).toBe("fbclid");
    const error = new Error("bad");
    error.stack = `Error: bad\n    at parse (${ORIGIN}/_next/static/chunks/a.js:1:1) [fbclid]`;
    expect(ignoreReason(rejectionReport(error, "/"), OWN)).toBe("fbclid");
  });

  it("ignores browser-extension errors of every engine", () => {
    for (const url of [
      "chrome-extension://abcdefghijklmnop/content.js",
      "moz-extension://0d1e2f3a-4b5c/inject.js",
      "safari-extension://com.example.ext-ABC/script.js",
      "safari-web-extension://9F2A/content.js",
      "webkit-masked-url://hidden/",
    ]) {
      expect(ignoreReason(runtime({ filename: url }), OWN), url).toBe("extension");
      const error = new Error("x");
      error.stack = `Error: x\n    at run (${url}:10:5)`;
      expect(ignoreReason(rejectionReport(error, "/"), OWN), url).toBe("extension");
    }
    expect(ignoreReason(runtime({ message: "Error in chrome-extension://abc/bg.js" }), OWN)).toBe("extension");
  });

  it("ignores third-party scripts: the opaque 'Script error.' and sources on other origins", () => {
    expect(
      ignoreReason(runtime({ message: "Script error.", filename: "", lineno: 0, colno: 0, error: null }), OWN),
    ).toBe("third-party");
    expect(
      ignoreReason(runtime({ message: "Script error", filename: "", lineno: 0, colno: 0, error: null }), OWN),
    ).toBe("third-party");
    expect(ignoreReason(runtime({ filename: "https://cdn.ads.example/tag.js" }), OWN)).toBe("third-party");
    expect(ignoreReason(resourceErrorReport("script", "https://widgets.example.net/w.js", "/"), OWN)).toBe(
      "third-party",
    );
    const foreign = new Error("nope");
    foreign.stack = "Error: nope\n    at x (https://cdn.ads.example/tag.js:1:1)";
    expect(ignoreReason(rejectionReport(foreign, "/"), OWN)).toBe("third-party");
  });

  it("counts every listed origin as ours", () => {
    const report = resourceErrorReport("script", "https://static.kewl.example/chunk.js", "/");
    expect(ignoreReason(report, OWN)).toBe("third-party");
    expect(ignoreReason(report, [...OWN, "https://static.kewl.example"])).toBeNull();
  });
});

describe("error reports", () => {
  it("an uncaught error: message, file, line and column, the page; the stack stays out of the event", () => {
    const report = runtime();
    expect(report).toMatchObject({ type: "error", source: CHUNK, page: "/character/3", line: 1, column: 2345 });
    expect(errorEventProperties(report)).toEqual({
      type: "error",
      message: "Uncaught Cannot read properties of undefined (reading 'id')",
      source: CHUNK,
      page: "/character/3",
      line: 1,
      column: 2345,
    });
  });

  it("falls back to the error's own message and the stack's first address", () => {
    const error = new Error("from the stack");
    error.stack = `Error: from the stack\n    at g (${CHUNK}:3:7)`;
    const report = runtimeErrorReport({ message: "", filename: "", lineno: 0, colno: 0, error }, "/");
    expect(report.message).toBe("from the stack");
    expect(report.source).toBe(CHUNK);
    expect(report).not.toHaveProperty("line");
  });

  it("a rejection keeps an Error's name and message, a string, or only the reason's kind", () => {
    expect(rejectionReport(new TypeError("Failed to fetch"), "/").message).toBe("TypeError: Failed to fetch");
    expect(rejectionReport("plain", "/").message).toBe("plain");
    // An object may hold anything (an API answer, a user's data): never serialised.
    expect(rejectionReport({ email: "a@b.example", code: 500 }, "/").message).toBe("Unhandled rejection (object)");
    expect(rejectionReport(null, "/").message).toBe("Unhandled rejection (null)");
  });

  it("a failed load names the kind and path; long texts are cut at 1024 characters", () => {
    const report = resourceErrorReport("script", `${ORIGIN}/_next/static/chunks/9.js?v=1`, "/tag/x");
    expect(report).toEqual({
      type: "resource",
      message: "Failed to load script /_next/static/chunks/9.js",
      source: `${ORIGIN}/_next/static/chunks/9.js?v=1`,
      page: "/tag/x",
    });
    expect(runtime({ message: "x".repeat(5000) }).message).toHaveLength(1024);
  });

  it("firstStackSource strips line and column", () => {
    expect(firstStackSource(`at a (${CHUNK}:12:34)`)).toBe(CHUNK);
    expect(firstStackSource(`a@${CHUNK}:12:34`)).toBe(CHUNK);
    expect(firstStackSource("no address here")).toBe("");
    expect(firstStackSource(undefined)).toBe("");
  });
});

describe("createErrorDeduper", () => {
  const report = runtime();

  it("sends the first of a burst and drops repeats while they keep coming", () => {
    const deduper = createErrorDeduper();
    expect(deduper.admit(report, 0)).toBe(true);
    expect(deduper.admit(report, 1)).toBe(false);
    expect(deduper.admit(report, ERROR_BURST_MS - 1)).toBe(false);
    // Still repeating: the burst goes on.
    expect(deduper.admit(report, 2 * ERROR_BURST_MS - 2)).toBe(false);
    // Quiet for a whole burst length: reported again.
    expect(deduper.admit(report, 4 * ERROR_BURST_MS)).toBe(true);
  });

  it("tells different errors apart (message, source or type)", () => {
    const deduper = createErrorDeduper();
    expect(deduper.admit(report, 0)).toBe(true);
    expect(deduper.admit({ ...report, message: "other" }, 0)).toBe(true);
    expect(deduper.admit({ ...report, source: `${ORIGIN}/b.js` }, 0)).toBe(true);
    expect(deduper.admit({ ...report, type: "unhandledrejection" }, 0)).toBe(true);
  });

  it("sends at most MAX_ERRORS_PER_PAGE per page", () => {
    const deduper = createErrorDeduper();
    const admitted = Array.from({ length: MAX_ERRORS_PER_PAGE + 10 }, (_, i) =>
      deduper.admit({ ...report, message: `error ${i}` }, i),
    ).filter(Boolean);
    expect(admitted).toHaveLength(MAX_ERRORS_PER_PAGE);
  });
});
