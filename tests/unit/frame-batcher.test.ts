import { describe, expect, it, vi } from "vitest";
import { createFrameBatcher } from "@/lib/chat/frame-batcher";

describe("frame batcher", () => {
  it("emits the text of one frame at once, and flushes pending text on demand", () => {
    const frames: Array<() => void> = [];
    const emit = vi.fn();
    const batcher = createFrameBatcher(emit, {
      request: (cb) => frames.push(cb),
      cancel: (h) => void (frames[h - 1] = () => undefined),
    });
    batcher.push("a");
    batcher.push("b");
    expect(emit).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(emit).toHaveBeenLastCalledWith("ab");
    batcher.push("c");
    batcher.flush();
    expect(emit).toHaveBeenLastCalledWith("c");
    frames[1]!(); // the cancelled frame does nothing
    expect(emit).toHaveBeenCalledTimes(2);
    batcher.dispose();
    expect(emit).toHaveBeenCalledTimes(2);
  });

  it("drops pending text and its frame when cancelled (Stop)", () => {
    const frames: Array<() => void> = [];
    const cancelled: number[] = [];
    const emit = vi.fn();
    const batcher = createFrameBatcher(emit, {
      request: (cb) => frames.push(cb),
      cancel: (h) => void cancelled.push(h),
    });
    batcher.push("words after Stop");
    batcher.cancel();
    expect(cancelled).toEqual([1]);
    batcher.flush();
    batcher.dispose();
    expect(emit).not.toHaveBeenCalled();
  });
});
