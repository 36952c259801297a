import { describe, expect, it } from "vitest";
import { seededRandom } from "@/lib/seeded-random";

describe("seededRandom", () => {
  it("gives the same sequence for the same seed, and another for another seed", () => {
    const draw = (seed: number) => {
      const next = seededRandom(seed);
      return Array.from({ length: 8 }, () => next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    // A seed is read as a 32-bit unsigned integer: -1 and 2^32 - 1 are the same seed.
    expect(draw(-1)).toEqual(draw(2 ** 32 - 1));
  });

  it("spreads its numbers over [0, 1)", () => {
    const next = seededRandom(20_240_611);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 10_000; i++) {
      const r = next();
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThan(1);
      buckets[Math.floor(r * 10)]! += 1;
    }
    for (const count of buckets) expect(count).toBeGreaterThan(850);
  });
});
