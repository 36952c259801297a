import { describe, expect, it } from "vitest";
import { createMockProvider, DEFAULT_MOCK_CHUNKS } from "@/tests/support/mock-model";
import { LlmError, type ReplyRequest } from "@/server/providers/llm/types";
import { drainReply } from "@/tests/support/drain-reply";

function request(signal: AbortSignal = new AbortController().signal): ReplyRequest {
  return {
    model: "mock-upstream",
    system: "You are a test.",
    messages: [{ role: "user", content: "hello there" }],
    maxOutputTokens: 64,
    abortSignal: signal,
    demo: { characterName: "Aria", userName: "Sam", persona: "", scenario: "", greeting: "", userMessage: "hello there" },
  };
}

describe("mock LLM provider", () => {
  it("streams the default chunks in order, reports usage and records the call", async () => {
    const provider = createMockProvider();
    expect(provider.kind).toBe("mock");
    expect(provider.isDemo).toBe(false);
    expect(provider.upstreamModel("standard", "demo-standard")).toBe("demo-standard");
    const req = request();
    const stream = provider.streamReply(req);
    const { chunks, error } = await drainReply(stream);
    expect(error).toBeNull();
    expect(chunks).toEqual(DEFAULT_MOCK_CHUNKS);
    const usage = await stream.usage();
    expect(usage.outputTokens).toBe(DEFAULT_MOCK_CHUNKS.length);
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(provider.calls).toHaveLength(1);
    expect(provider.calls[0]?.request).toBe(req);
    expect(provider.calls[0]?.chunksSent).toBe(DEFAULT_MOCK_CHUNKS.length);
    expect(provider.calls[0]?.abortedAt).toBeNull();
    expect(provider.calls[0]?.endedAt).not.toBeNull();
  });

  it("streams scripted chunks with delays and scripted usage", async () => {
    const provider = createMockProvider({ chunks: ["a", "b", "c"], chunkDelayMs: 5, firstChunkDelayMs: 20, usage: { inputTokens: 7, outputTokens: null } });
    const stream = provider.streamReply(request());
    expect((await drainReply(stream)).chunks).toEqual(["a", "b", "c"]);
    expect(await stream.usage()).toEqual({ inputTokens: 7, outputTokens: null });
  });

  it("fails with an upstream LlmError after the given number of chunks", async () => {
    const provider = createMockProvider({ chunks: ["a", "b", "c"], failAfterChunks: 2 });
    const stream = provider.streamReply(request());
    const { chunks, error } = await drainReply(stream);
    expect(chunks).toEqual(["a", "b"]);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).kind).toBe("upstream");
    expect(await stream.usage()).toEqual({ inputTokens: null, outputTokens: null });
  });

  it("fails before any text with failAfterChunks 0", async () => {
    const provider = createMockProvider({ failAfterChunks: 0 });
    const { chunks, error } = await drainReply(provider.streamReply(request()));
    expect(chunks).toEqual([]);
    expect((error as LlmError).kind).toBe("upstream");
  });

  it("fails with a malformed LlmError", async () => {
    const provider = createMockProvider({ chunks: ["a", "b"], malformedAfterChunks: 1 });
    const { chunks, error } = await drainReply(provider.streamReply(request()));
    expect(chunks).toEqual(["a"]);
    expect(error).toBeInstanceOf(LlmError);
    expect((error as LlmError).kind).toBe("malformed");
  });

  it("hangs until aborted, then ends quietly and records the abort", async () => {
    const provider = createMockProvider({ hang: true });
    const controller = new AbortController();
    const stream = provider.streamReply(request(controller.signal));
    setTimeout(() => controller.abort(), 50);
    const { chunks, error } = await drainReply(stream);
    const abortedAt = Date.now();
    expect(chunks).toEqual([]);
    expect(error).toBeNull();
    const call = provider.calls[0];
    expect(call?.abortedAt).not.toBeNull();
    expect(call?.endedAt).not.toBeNull();
    expect(Math.abs((call?.abortedAt ?? 0) - abortedAt)).toBeLessThan(1000);
    expect(await stream.usage()).toEqual({ inputTokens: null, outputTokens: null });
  });

  it("goes silent after some chunks with hangAfterChunks", async () => {
    const provider = createMockProvider({ chunks: ["a", "b", "c"], hangAfterChunks: 1 });
    const controller = new AbortController();
    const { chunks, error } = await drainReply(provider.streamReply(request(controller.signal)), () => {
      setTimeout(() => controller.abort(), 30);
    });
    expect(chunks).toEqual(["a"]);
    expect(error).toBeNull();
    expect(provider.calls[0]?.abortedAt).not.toBeNull();
  });

  it("stops mid-stream when aborted", async () => {
    const provider = createMockProvider({ chunks: Array.from({ length: 50 }, (_, i) => `w${i} `), chunkDelayMs: 10 });
    const controller = new AbortController();
    const { chunks, error } = await drainReply(provider.streamReply(request(controller.signal)), (_chunk, index) => {
      if (index === 2) controller.abort();
    });
    expect(error).toBeNull();
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.length).toBeLessThan(50);
    expect(provider.calls[0]?.abortedAt).not.toBeNull();
  });

  it("yields nothing when the signal was aborted before the call", async () => {
    const provider = createMockProvider();
    const { chunks, error } = await drainReply(provider.streamReply(request(AbortSignal.abort())));
    expect(chunks).toEqual([]);
    expect(error).toBeNull();
  });

  it("cancels the model when the reader stops early", async () => {
    const provider = createMockProvider({ chunks: ["a", "b", "c", "d"], chunkDelayMs: 5 });
    const stream = provider.streamReply(request());
    for await (const chunk of stream.textStream) {
      expect(chunk).toBe("a");
      break;
    }
    expect(await stream.usage()).toEqual({ inputTokens: null, outputTokens: null });
    await expect.poll(() => provider.calls[0]?.abortedAt, { timeout: 1000 }).not.toBeNull();
    await expect.poll(() => provider.calls[0]?.endedAt, { timeout: 1000 }).not.toBeNull();
    expect(provider.calls[0]?.chunksSent).toBeLessThan(4);
  });

  it("uses a new script for the calls after setScript", async () => {
    const provider = createMockProvider({ chunks: ["one"] });
    expect((await drainReply(provider.streamReply(request()))).chunks).toEqual(["one"]);
    provider.setScript({ chunks: ["two", "three"] });
    expect((await drainReply(provider.streamReply(request()))).chunks).toEqual(["two", "three"]);
    provider.setScript({});
    expect((await drainReply(provider.streamReply(request()))).chunks).toEqual(DEFAULT_MOCK_CHUNKS);
    expect(provider.calls).toHaveLength(3);
  });
});
