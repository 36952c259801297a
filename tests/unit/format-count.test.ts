import { describe, expect, it } from "vitest";
import { formatCount } from "@/lib/format/count";

describe("formatCount (SPEC §5)", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1000, "1.0k"],
    [1250, "1.2k"],
    [1999, "1.9k"],
    [999_999, "999.9k"],
    [1_000_000, "1.0m"],
    [24_618_207, "24.6m"],
    [1_500_000_000, "1.5b"],
    [2_000_000_000_000, "2.0t"],
    [-5, "0"],
    [Number.NaN, "0"],
  ])("%d -> %s", (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });
});
