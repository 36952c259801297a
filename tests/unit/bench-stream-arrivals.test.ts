import { describe, expect, it } from "vitest";
import { emptyTiming, type StreamTiming } from "@/bench/lib/sse-timing";
import { atFullLoad, inFlightAtSend, launchStreams } from "@/bench/lib/stream-arrivals";

function run(sentAt: number, endMs: number | null, ttftMs: number | null = 10): StreamTiming {
  return { ...emptyTiming(), sentAt, status: 200, startMs: 5, ttftMs, lastTextMs: endMs, endMs, pieces: 1 };
}

describe("the concurrent part's arrivals (bench/lib/stream-arrivals.ts)", () => {
  it("counts the streams in flight when each was sent, without itself and without those ended by then", () => {
    // Sent at 0, 10, 20, 30 ms; each lasts 25 ms, so the one sent at 30 finds only the ones sent at 10 and 20.
    const runs = [run(0, 25), run(10, 25), run(20, 25), run(30, 25)];
    expect(inFlightAtSend(runs)).toEqual([0, 1, 2, 2]);
  });

  it("takes the streams sent while at least 90% of the peak were in flight", () => {
    const ramp = Array.from({ length: 20 }, (_, i) => run(i, 100));
    const full = atFullLoad(ramp);
    expect(full.peak).toBe(19);
    // 90% of 19 is 17.1: only the streams that found 18 or 19 in flight.
    expect(full.runs.map((r) => r.sentAt)).toEqual([18, 19]);
  });

  it("counts a failed stream as ended when it was sent", () => {
    const failed = { ...run(0, null, null), startMs: null, error: "boom" };
    expect(inFlightAtSend([failed, run(1, 50)])).toEqual([0, 0]);
  });

  it("starts every stream, in order, at once or at a rate", async () => {
    for (const perSecond of [0, 2000]) {
      const order: number[] = [];
      const runs = await launchStreams(5, perSecond, async () => {
        order.push(order.length);
        return run(order.length, 1);
      });
      expect(order).toEqual([0, 1, 2, 3, 4]);
      expect(runs.map((r) => r.sentAt)).toEqual([1, 2, 3, 4, 5]);
    }
  });
});
