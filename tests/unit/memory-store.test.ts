import { describe, expect, it } from "vitest";
import { createMemoryStore } from "@/server/modules/limits/memory-store";

describe("memory key-value store", () => {
  it("resets a counter when its window ends", async () => {
    let now = 0;
    const store = createMemoryStore(() => now);
    expect((await store.hit("k", 1000)).count).toBe(1);
    expect(await store.hit("k", 1000)).toEqual({ count: 2, resetMs: 1000 });
    now = 999;
    expect((await store.hit("k", 1000)).count).toBe(3);
    now = 1000;
    expect((await store.hit("k", 1000)).count).toBe(1);
  });

  it("adds a weight to a counter when given one", async () => {
    let now = 0;
    const store = createMemoryStore(() => now);
    expect(await store.hit("w", 1000, 50)).toEqual({ count: 50, resetMs: 1000 });
    expect((await store.hit("w", 1000)).count).toBe(51);
    expect((await store.hit("w", 1000, 9)).count).toBe(60);
    now = 1000;
    expect((await store.hit("w", 1000, 7)).count).toBe(7);
  });

  it("lets a claim expire", async () => {
    let now = 0;
    const store = createMemoryStore(() => now);
    expect(await store.claim("n", 500)).toBe(true);
    expect(await store.claim("n", 500)).toBe(false);
    now = 500;
    expect(await store.claim("n", 500)).toBe(true);
  });

  it("counts strikes, times the latest, forgets a run forgetMs after it, and clears one", async () => {
    let now = 0;
    const store = createMemoryStore(() => now);
    expect(await store.strikes("s")).toBeNull();
    expect(await store.strike("s", 1000)).toEqual({ count: 1, sinceLastMs: 0 });
    now = 600;
    expect(await store.strike("s", 1000)).toEqual({ count: 2, sinceLastMs: 0 });
    now = 1500; // 900 ms after the latest strike: still remembered
    expect(await store.strikes("s")).toEqual({ count: 2, sinceLastMs: 900 });
    now = 1600;
    expect(await store.strikes("s")).toBeNull();
    expect(await store.strike("s", 1000)).toEqual({ count: 1, sinceLastMs: 0 });
    await store.clearStrikes("s");
    expect(await store.strikes("s")).toBeNull();
  });
});
