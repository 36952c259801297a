import { describe, expect, it } from "vitest";
import { estimateMessageTokens, estimateTokens, MESSAGE_OVERHEAD_TOKENS } from "@/server/modules/chat/token-estimate";

describe("estimateTokens", () => {
  it("is 0 for nothing", () => {
    expect(estimateTokens("")).toBe(0);
  });

  it("counts about 4 ASCII characters per token, rounding up", () => {
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimateTokens("x".repeat(400))).toBe(100);
  });

  it("counts each CJK character and emoji as a whole token", () => {
    expect(estimateTokens("日本語")).toBe(3);
    expect(estimateTokens("안녕")).toBe(2);
    expect(estimateTokens("ひらがなカタカナ")).toBe(8);
    expect(estimateTokens("😀🎉")).toBe(2);
  });

  it("counts other non-ASCII letters at 2 characters per token", () => {
    expect(estimateTokens("éééé")).toBe(2);
    expect(estimateTokens("привет")).toBe(3);
  });

  it("adds the parts of mixed text", () => {
    // "hello " is 6 ASCII chars (2 tokens), then 2 CJK characters.
    expect(estimateTokens("hello 世界")).toBe(4);
  });

  it("does not undercount ordinary English (a real tokenizer gives 10 here)", () => {
    expect(estimateTokens("The quick brown fox jumps over the lazy dog.")).toBeGreaterThanOrEqual(10);
  });
});

describe("estimateMessageTokens", () => {
  it("adds the same per-message overhead to every message, so even an empty one costs something", () => {
    expect(estimateMessageTokens("")).toBe(MESSAGE_OVERHEAD_TOKENS);
    expect(estimateMessageTokens("")).toBeGreaterThan(0);
    expect(estimateMessageTokens("abcd")).toBe(1 + MESSAGE_OVERHEAD_TOKENS);
  });
});
