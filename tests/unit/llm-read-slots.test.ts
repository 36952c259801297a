import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { afterSlot, SLOT_MS } from "@/server/providers/llm/read-slots";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

it("calls back at the end of the slot the wait ends in, every callback of a slot from one timer, in order", () => {
  expect(SLOT_MS).toBe(10);
  vi.advanceTimersByTime(3);
  const calls: string[] = [];
  afterSlot(100, () => calls.push("103 → 110"));
  afterSlot(105, () => calls.push("108 → 110"));
  afterSlot(107, () => calls.push("110 → 110"));
  afterSlot(108, () => calls.push("111 → 120"));
  expect(vi.getTimerCount()).toBe(2);
  vi.advanceTimersByTime(106);
  expect(calls).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(calls).toEqual(["103 → 110", "108 → 110", "110 → 110"]);
  vi.advanceTimersByTime(9);
  expect(calls).toEqual(["103 → 110", "108 → 110", "110 → 110"]);
  vi.advanceTimersByTime(1);
  expect(calls).toEqual(["103 → 110", "108 → 110", "110 → 110", "111 → 120"]);
  expect(vi.getTimerCount()).toBe(0);
});

it("never calls back sooner than asked, a wait that ends on a slot's end included", () => {
  const calls: number[] = [];
  afterSlot(40, () => calls.push(performance.now()));
  afterSlot(0, () => calls.push(performance.now()));
  vi.advanceTimersByTime(0);
  expect(calls).toEqual([0]);
  vi.advanceTimersByTime(39);
  expect(calls).toEqual([0]);
  vi.advanceTimersByTime(1);
  expect(calls).toEqual([0, 40]);
});

it("calls the rest of a slot when one callback throws, then throws its error", () => {
  const calls: string[] = [];
  afterSlot(10, () => {
    throw new Error("a reader failed");
  });
  afterSlot(10, () => calls.push("resumed"));
  expect(() => vi.advanceTimersByTime(10)).toThrow("a reader failed");
  expect(calls).toEqual(["resumed"]);
});
