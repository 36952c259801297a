import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  COALESCE_MS,
  coalesceWindowMs,
  createFrameSink,
  MAX_COALESCE_MS,
  WRITES_PER_SECOND,
} from "@/server/modules/chat/frame-sink";
import { CLOSE_FRAME, deltaFrame, frame } from "@/server/modules/chat/relay-frames";
import { watchForText } from "@/server/modules/chat/reply-timeouts";
import { readStreamChunk } from "@/server/providers/llm/openai-stream-chunk";

/** A sink over a target that records each write. */
function recordingSink(windowMs?: () => number) {
  const writes: string[] = [];
  let closed = false;
  const target = {
    write: (text: string) => void writes.push(text),
    end: () => {
      closed = true;
    },
  };
  return { sink: createFrameSink(target, windowMs), writes, closed: () => closed };
}

describe("relay frames", () => {
  it("builds a delta frame with the same bytes as the message object", () => {
    for (const text of ["Hello", ' "quoted" \\ and\nnew line', "émoji 🎉", "</script>"]) {
      expect(deltaFrame(text)).toBe(frame({ type: "delta", text }));
    }
  });
});

describe("frame sink", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  /** The end of the current round of I/O callbacks (the sink writes from setImmediate). */
  const endOfRound = () => vi.advanceTimersByTime(0);

  it("writes the first pieces at the end of their round, as one delta, and later ones within the window together", () => {
    const { sink, writes } = recordingSink();
    sink.send(
      frame({ type: "error", error: { code: 1, msg: "x" }, message: null, coins_refunded: false, balance: null }),
    );
    sink.delta("Once");
    sink.delta(" more");
    expect(writes).toHaveLength(1);
    endOfRound();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(deltaFrame("Once more"));
    sink.delta(" upon");
    sink.delta(" a");
    endOfRound();
    expect(writes).toHaveLength(2);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(writes).toHaveLength(3);
    expect(writes[2]).toBe(deltaFrame(" upon a"));
  });

  it("waits longer with many replies open, so that the process's writes a second stop growing", () => {
    expect(coalesceWindowMs(0)).toBe(COALESCE_MS);
    expect(coalesceWindowMs(20)).toBe(COALESCE_MS);
    expect(coalesceWindowMs(100)).toBe((100 * 1000) / WRITES_PER_SECOND);
    expect(coalesceWindowMs(100)).toBeGreaterThan(COALESCE_MS);
    expect(coalesceWindowMs(200)).toBe(200);
    expect(coalesceWindowMs(500)).toBe(MAX_COALESCE_MS);
    expect(coalesceWindowMs(1000)).toBe(MAX_COALESCE_MS);
    expect(coalesceWindowMs(100_000)).toBe(MAX_COALESCE_MS);

    let open = 1000;
    const { sink, writes } = recordingSink(() => coalesceWindowMs(open));
    expect(sink.readHoldMs()).toBe(MAX_COALESCE_MS);
    sink.delta("first");
    endOfRound();
    expect(writes).toEqual([deltaFrame("first")]);
    sink.delta(" second");
    vi.advanceTimersByTime(COALESCE_MS);
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(MAX_COALESCE_MS - COALESCE_MS);
    expect(writes).toEqual([deltaFrame("first"), deltaFrame(" second")]);
    // The crowd left: the next delta waits the short window again.
    open = 1;
    expect(sink.readHoldMs()).toBe(0);
    sink.delta(" third");
    vi.advanceTimersByTime(COALESCE_MS);
    expect(writes.at(-1)).toBe(deltaFrame(" third"));
  });

  it("writes a delta at the end of its round when the last write is older than the window", () => {
    const { sink, writes } = recordingSink();
    sink.delta("one");
    endOfRound();
    vi.advanceTimersByTime(COALESCE_MS + 1);
    sink.delta(" two");
    endOfRound();
    expect(writes).toEqual([deltaFrame("one"), deltaFrame(" two")]);
  });

  it("sends waiting text before any other frame, and on close, in order", () => {
    const { sink, writes, closed } = recordingSink();
    sink.delta("a");
    endOfRound();
    sink.delta("b");
    sink.delta("");
    sink.delta("c");
    sink.send(CLOSE_FRAME);
    expect(writes).toEqual([deltaFrame("a"), deltaFrame("bc") + CLOSE_FRAME]);
    sink.send(CLOSE_FRAME);
    expect(writes.at(-1)).toBe(CLOSE_FRAME);
    sink.delta("c");
    sink.close();
    expect(writes.at(-1)).toBe(deltaFrame("c"));
    expect(closed()).toBe(true);
    vi.runAllTimers();
    expect(writes).toHaveLength(4);
  });

  it("sends nothing after the client went away", () => {
    const { sink, writes, closed } = recordingSink();
    sink.delta("a");
    endOfRound();
    sink.delta("b");
    sink.cancel();
    vi.runAllTimers();
    sink.send(CLOSE_FRAME);
    sink.close();
    expect(writes).toEqual([deltaFrame("a")]);
    expect(closed()).toBe(false);
  });
});

describe("reply timeouts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives the first text the first-token limit, then each next one the idle limit from the last", () => {
    const onTimeout = vi.fn();
    const watch = watchForText({ firstTokenMs: 1000, idleMs: 100 }, onTimeout);
    vi.advanceTimersByTime(999);
    watch.sawText();
    vi.advanceTimersByTime(99);
    watch.sawText();
    vi.advanceTimersByTime(99);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledExactlyOnceWith({ waitedMs: 100, hadText: true });
  });

  it("reports a missing first text once, and nothing after stop", () => {
    const onTimeout = vi.fn();
    watchForText({ firstTokenMs: 50, idleMs: 10 }, onTimeout);
    vi.advanceTimersByTime(500);
    expect(onTimeout).toHaveBeenCalledExactlyOnceWith({ waitedMs: 50, hadText: false });
    const stopped = vi.fn();
    watchForText({ firstTokenMs: 50, idleMs: 10 }, stopped).stop();
    vi.advanceTimersByTime(500);
    expect(stopped).not.toHaveBeenCalled();
  });
});

describe("OpenAI-compatible stream chunks", () => {
  it("reads text, usage and in-stream errors", () => {
    expect(readStreamChunk({ choices: [{ index: 0, delta: { content: "Hi" } }] })).toEqual({
      kind: "text",
      text: "Hi",
      usage: null,
    });
    expect(readStreamChunk({ choices: [{ delta: { role: "assistant", content: null } }] })).toEqual({
      kind: "other",
      usage: null,
    });
    expect(readStreamChunk({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 3 } })).toEqual({
      kind: "other",
      usage: { inputTokens: 12, outputTokens: 3 },
    });
    expect(readStreamChunk({ error: { message: "overloaded" } })).toEqual({ kind: "error", message: "overloaded" });
  });

  it("calls anything else malformed", () => {
    for (const payload of [null, "text", [1], { choices: "x" }, { choices: [1] }, { choices: [{ delta: 2 }] }]) {
      expect(readStreamChunk(payload).kind).toBe("malformed");
    }
    expect(readStreamChunk({ choices: [{ delta: { content: 5 } }] }).kind).toBe("malformed");
    expect(readStreamChunk({ usage: "many" }).kind).toBe("malformed");
  });
});
