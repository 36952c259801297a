import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cachedRead, invalidateCatalogue } from "@/server/modules/catalogue/catalogue-cache";

describe("catalogue cache", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    invalidateCatalogue();
  });
  afterEach(() => vi.useRealTimers());

  it("answers from memory within 30 s and reloads after", async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cachedRead("k", load)).toBe(1);
    vi.advanceTimersByTime(29_999);
    expect(await cachedRead("k", load)).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cachedRead("k", load)).toBe(2);
  });

  it("reloads everything after invalidateCatalogue()", async () => {
    let loads = 0;
    const load = async () => ++loads;
    await cachedRead("a", load);
    await cachedRead("b", load);
    invalidateCatalogue();
    expect(await cachedRead("a", load)).toBe(3);
    expect(await cachedRead("b", load)).toBe(4);
  });

  it("does not keep a value loaded while a character changed", async () => {
    let release!: (v: string) => void;
    const slow = cachedRead("k", () => new Promise<string>((r) => (release = r)));
    invalidateCatalogue(); // a write lands while the read is in flight
    release("stale");
    expect(await slow).toBe("stale"); // the caller still gets its answer…
    expect(await cachedRead("k", async () => "fresh")).toBe("fresh"); // …but it was not cached
  });

  it("keeps keys apart", async () => {
    expect(await cachedRead("x", async () => "X")).toBe("X");
    expect(await cachedRead("y", async () => "Y")).toBe("Y");
    expect(await cachedRead("x", async () => "other")).toBe("X");
  });
});
