/**
 * mulberry32: a small, fast generator of numbers in [0, 1) that gives the same sequence for the same seed (a 32-bit
 * integer). For repeatable picks (the demo model's replies, the benches' generated data), never for secrets.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
