import { describe, expect, it } from "vitest";
import type { StreamTiming } from "@/bench/lib/sse-timing";
import { failureReasons } from "@/bench/lib/stream-timings";

const run = (error: string | null): StreamTiming => ({
  sentAt: 0,
  status: error ? 500 : 200,
  startMs: null,
  ttftMs: null,
  lastTextMs: null,
  longestPauseMs: null,
  endMs: null,
  text: "",
  pieces: 0,
  error,
});

describe("the concurrent part's failures (bench/lib/stream-timings.ts)", () => {
  it("counts the failed streams by reason, in the order first seen", () => {
    expect(failureReasons([run("HTTP 500"), run(null), run("no end"), run("HTTP 500")])).toBe(
      " — 2× HTTP 500; 1× no end",
    );
  });

  it("says nothing when no stream failed", () => {
    expect(failureReasons([run(null), run(null)])).toBe("");
  });
});
