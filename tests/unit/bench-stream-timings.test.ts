import { describe, expect, it } from "vitest";
import { emptyTiming, type StreamTiming } from "@/bench/lib/sse-timing";
import { failureReasons } from "@/bench/lib/stream-timings";

const run = (error: string | null): StreamTiming => ({ ...emptyTiming(), status: error ? 500 : 200, error });

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
