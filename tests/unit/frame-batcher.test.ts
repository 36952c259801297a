import { describe, expect, it, vi } from "vitest";
import {
  createFrameBatcher,
  REVEAL_MAX_MS,
  type FrameBatcher,
  type FrameBatcherOptions,
} from "@/lib/chat/frame-batcher";

/** A clock and animation frames 16 ms apart that run only when the test says. */
function frameWorld() {
  let time = 0;
  let queued: Array<{ handle: number; callback: () => void }> = [];
  let handles = 0;
  const emitted: Array<{ at: number; text: string }> = [];
  const options: Required<Pick<FrameBatcherOptions, "scheduler" | "now">> = {
    now: () => time,
    scheduler: {
      request: (callback) => {
        queued.push({ handle: ++handles, callback });
        return handles;
      },
      cancel: (handle) => void (queued = queued.filter((q) => q.handle !== handle)),
    },
  };
  return {
    options,
    emitted,
    emit: (text: string) => void emitted.push({ at: time, text }),
    get queued() {
      return queued.length;
    },
    /** Moves the clock to `to` (no frames meanwhile: a quiet spell or a push between frames). */
    at(to: number) {
      time = to;
    },
    /** Runs a frame every 16 ms up to `to`. */
    framesUntil(to: number) {
      while (time + 16 <= to) {
        time += 16;
        const due = queued;
        queued = [];
        for (const q of due) q.callback();
      }
    },
    /** At each of `times`, `text` arrives, then frames run for `framesFor` ms. */
    bursts(batcher: FrameBatcher, text: string, times: number[], framesFor: number) {
      for (const at of times) {
        this.at(at);
        batcher.push(text);
        this.framesUntil(at + framesFor);
      }
    },
    shown: () => emitted.map((e) => e.text).join(""),
  };
}

describe("frame batcher", () => {
  it("emits the text of one frame at once, and flushes pending text on demand", () => {
    const frames: Array<() => void> = [];
    const emit = vi.fn();
    const batcher = createFrameBatcher(emit, {
      scheduler: {
        request: (cb) => frames.push(cb),
        cancel: (h) => void (frames[h - 1] = () => undefined),
      },
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
      scheduler: { request: (cb) => frames.push(cb), cancel: (h) => void cancelled.push(h) },
    });
    batcher.push("words after Stop");
    batcher.cancel();
    expect(cancelled).toEqual([1]);
    batcher.flush();
    batcher.dispose();
    expect(emit).not.toHaveBeenCalled();
  });

  it("spreads a burst evenly over the time to the next one, and shows the first text at once", () => {
    const world = frameWorld();
    const batcher = createFrameBatcher(world.emit, world.options);
    batcher.push("Hello");
    world.framesUntil(16);
    expect(world.emitted).toEqual([{ at: 16, text: "Hello" }]);

    // Bursts every 250 ms, as a busy server writes them.
    const burst = "x".repeat(100);
    world.bursts(batcher, burst, [250, 500, 750], 249);
    world.framesUntil(1000 + 16);
    // The third burst (gap estimate 250 ms) is shown a little at a time, at most every 32 ms, and what is left when
    // the next burst was due (a few characters) at the first frame after.
    const third = world.emitted.filter((e) => e.at > 750);
    expect(third.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...third.map((e) => e.text.length))).toBeLessThanOrEqual(20);
    const paced = third.filter((e) => e.at < 1000).map((e) => e.at);
    expect(paced.every((at, i) => i === 0 || at - paced[i - 1]! >= 32)).toBe(true);
    expect(third.at(-1)!.at).toBeLessThanOrEqual(1000 + 16);
    expect(world.shown()).toBe("Hello" + burst.repeat(3));
    expect(world.queued).toBe(0);
  });

  it("shows text whole each frame when it comes often, or when pacing is off", () => {
    for (const pace of [true, false]) {
      const world = frameWorld();
      const batcher = createFrameBatcher(world.emit, { ...world.options, pace });
      for (let at = 0; at < 300; at += pace ? 25 : 250) {
        world.at(at);
        batcher.push("word ");
        world.framesUntil(at + 16);
        expect(world.shown().length).toBe(world.emitted.length * 5);
      }
    }
  });

  it("spreads a burst after a quiet spell over at most REVEAL_MAX_MS", () => {
    const world = frameWorld();
    const batcher = createFrameBatcher(world.emit, world.options);
    world.bursts(batcher, "y".repeat(40), [0, 100, 200], 99);
    world.at(5000);
    batcher.push("z".repeat(200));
    world.framesUntil(5000 + REVEAL_MAX_MS + 16);
    expect(world.shown()).toBe("y".repeat(120) + "z".repeat(200));
    const after = world.emitted.filter((e) => e.at > 5000);
    expect(after.length).toBeGreaterThan(3);
    expect(after[0]!.text.length).toBeLessThan(50);
  });

  it("never splits a surrogate pair, and flush shows the rest at once", () => {
    const world = frameWorld();
    const batcher = createFrameBatcher(world.emit, world.options);
    world.bursts(batcher, "😀a😀".repeat(20), [0, 200, 400], 100);
    batcher.flush();
    expect(world.shown()).toBe("😀a😀".repeat(60));
    const wellFormed = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;
    for (const { text } of world.emitted) expect(text).toMatch(wellFormed);
    expect(world.emitted.length).toBeGreaterThan(4);
    expect(world.queued).toBe(0);
  });
});
