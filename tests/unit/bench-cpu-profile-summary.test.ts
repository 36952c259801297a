import { describe, expect, it } from "vitest";
import { summarizeProfile } from "@/bench/lib/cpu-profile-summary";

const frame = (functionName: string, url = "") => ({ functionName, url, lineNumber: 0 });

/**
 * root ─┬─ relay (ours) ─ writeUtf8String (native)
 *       ├─ benchOwnSampling2 (the bench's sampler, renamed by the bundler) ─ readFileUtf8 (native)
 *       ├─ (idle)
 *       └─ dispatch (native: where the profiler's start finds the thread)
 */
const profile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 4, 6, 7] },
    { id: 2, callFrame: frame("relay", "file:///work/main/server/modules/chat/reply-relay.ts"), children: [3] },
    { id: 3, callFrame: frame("writeUtf8String") },
    {
      id: 4,
      callFrame: frame("benchOwnSampling2", "file:///work/main/bench/lib/server-window-figures.ts"),
      children: [5],
    },
    { id: 5, callFrame: frame("readFileUtf8") },
    { id: 6, callFrame: frame("(idle)") },
    { id: 7, callFrame: frame("dispatch") },
  ],
  // The first sample stands for the profiler's start (170 ms), not for time the thread spent in dispatch.
  samples: [7, 2, 3, 3, 5, 4, 6, 6],
  timeDeltas: [170_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000],
};

describe("a CPU profile's summary (bench/lib/cpu-profile-summary.ts)", () => {
  it("leaves out the time before the first sample and the bench's own sampling", () => {
    const summary = summarizeProfile(profile);
    expect(summary.beforeFirstSampleMs).toBe(170);
    expect(summary.samplingMs).toBe(2);
    expect(summary.totalMs).toBe(5);
    expect(summary.busyMs).toBe(3);
    expect(summary.byFunction.map((s) => [s.label, s.ms])).toEqual([
      ["writeUtf8String", 2],
      ["relay server/modules/chat/reply-relay.ts:1", 1],
    ]);
    expect(summary.byPlace.map((s) => [s.label, s.ms])).toEqual([
      ["(native)", 2],
      ["server/modules/chat/reply-relay.ts", 1],
    ]);
  });

  it("keeps every sample after the first when nothing is the bench's", () => {
    const summary = summarizeProfile({ ...profile, samples: [7, 2, 3, 6], timeDeltas: [5_000, 1_000, 1_000, 1_000] });
    expect(summary.samplingMs).toBe(0);
    expect(summary.totalMs).toBe(3);
    expect(summary.busyMs).toBe(2);
  });
});
