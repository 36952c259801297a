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

  it("lets a claim expire", async () => {
    let now = 0;
    const store = createMemoryStore(() => now);
    expect(await store.claim("n", 500)).toBe(true);
    expect(await store.claim("n", 500)).toBe(false);
    now = 500;
    expect(await store.claim("n", 500)).toBe(true);
  });
});
