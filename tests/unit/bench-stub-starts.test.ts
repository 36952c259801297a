import { describe, expect, it } from "vitest";
import type { StubStart } from "@/bench/lib/bench-stub";
import { emptyTiming, type StreamTiming } from "@/bench/lib/sse-timing";
import { stubStartFigures } from "@/bench/lib/stub-start-figures";

const run = (sentAt: number, ttftMs: number | null): StreamTiming => ({ ...emptyTiming(), sentAt, ttftMs });
const start = (connectedAt: number, reused: boolean, receivedAt: number, firstWordAt: number | null): StubStart => ({
  connectedAt,
  reused,
  receivedAt,
  headAt: receivedAt + 1,
  firstWordAt,
});

describe("where a crowd's first tokens waited (bench/lib/stub-start-figures.ts)", () => {
  const figures = stubStartFigures(
    [run(1000, 300), run(1010, 500), run(1020, null)],
    [start(1100, false, 1150, 1170), start(900, true, 1200, 1230), start(1300, false, 1350, null)],
    1000,
    15,
  );
  const rowOf = (label: RegExp) => figures.rows.find((r) => label.test(r.label))?.values;

  it("puts every moment on the bench's clock, from the first request sent", () => {
    expect(rowOf(/^request sent/)).toEqual([0, 10, 20, 20]);
    expect(rowOf(/^first text read/)).toEqual([300, 300, 510, 510]);
    expect(rowOf(/^request at the stub$/)).toEqual([150, 200, 350, 350]);
    expect(rowOf(/^first word written/)).toEqual([170, 170, 230, 230]);
  });

  it("tells new connections from kept-alive ones, and counts them", () => {
    expect(figures.rows.find((r) => r.label.startsWith("a new connection"))?.label).toContain("(2 of 3)");
    expect(rowOf(/^a new connection/)).toEqual([100, 100, 300, 300]);
    expect(rowOf(/on a new connection$/)).toEqual([150, 150, 350, 350]);
    expect(rowOf(/on a kept-alive one$/)).toEqual([200, 200, 200, 200]);
  });

  it("gives the stub's lag past each first word's due time (head + the delay)", () => {
    // 1170 - 1151 - 15 and 1230 - 1201 - 15; the reply without a first word is left out.
    expect(rowOf(/lag/)).toEqual([4, 4, 14, 14]);
  });
});
