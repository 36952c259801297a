import { describe, expect, it } from "vitest";
import {
  MEMORY_MAX_TOKENS,
  memoryBlock,
  memoryBudget,
  type PromptMemory,
} from "@/server/modules/chat/memory/memory-block";
import { hasUnsummarisedTurns, leftWindowBefore } from "@/server/modules/chat/memory/memory-window";
import { buildPrompt, type PromptInput } from "@/server/modules/chat/prompt";
import { estimateTokens } from "@/server/modules/chat/token-estimate";
import type { LlmMessage } from "@/server/providers/llm/types";

const character = {
  name: "Aria",
  persona: "{{char}} is a barista.",
  scenario: "",
  exampleDialogue: "",
  greeting: "Welcome back, {{user}}!",
};

function input(overrides: Partial<PromptInput> = {}): PromptInput {
  return {
    character,
    userName: "Sam",
    history: [],
    userMessage: "Hello",
    contextTokens: 8192,
    maxReplyTokens: 512,
    ...overrides,
  };
}

/** n alternating messages, oldest first, each about 100 tokens and numbered. */
function longHistory(n: number): LlmMessage[] {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? "user" : "assistant",
    content: `message ${i} ${"lorem ipsum ".repeat(33)}`,
  }));
}

const names = { char: "Aria", user: "Sam" };
const same = (text: string) => text;

describe("memory in prompt assembly", () => {
  const memory: PromptMemory = {
    summary: "Sam told {{char}} he is a baker from Lyon.\nAria promised to visit the bakery on Sunday.",
    facts: ["{{user}}'s dog is called Pepper", "Sam is allergic to nuts"],
  };

  it("puts the pinned facts and the summary in the system prompt, with names filled in", () => {
    const { system } = buildPrompt(input({ memory }));
    expect(system).toContain("## Memory of this chat");
    expect(system).toContain("- Sam's dog is called Pepper\n- Sam is allergic to nuts");
    expect(system).toContain("Sam told Aria he is a baker from Lyon.\nAria promised to visit the bakery on Sunday.");
    expect(system.indexOf("Facts to remember")).toBeLessThan(system.indexOf("Summary of earlier turns"));
    expect(system.indexOf("## Aria's persona")).toBeLessThan(system.indexOf("## Memory of this chat"));
  });

  it("adds no section for an empty memory or none", () => {
    expect(buildPrompt(input({ memory: { summary: "  ", facts: [] } })).system).not.toContain("Memory");
    expect(buildPrompt(input()).system).not.toContain("Memory");
  });

  it("gives the memory at most a quarter of the prompt budget, and never more than MEMORY_MAX_TOKENS", () => {
    expect(memoryBudget({ contextTokens: 8192, maxReplyTokens: 512 })).toBe(MEMORY_MAX_TOKENS);
    expect(memoryBudget({ contextTokens: 1024, maxReplyTokens: 224 })).toBe(200);
    expect(memoryBudget({ contextTokens: 100, maxReplyTokens: 200 })).toBe(0);
  });

  it("keeps the facts whole and the newest summary lines within the budget", () => {
    const summary = Array.from({ length: 60 }, (_, i) => `Line ${i}: ${"something happened ".repeat(4)}`).join("\n");
    const block = memoryBlock({ summary, facts: ["Fact one", "Fact two"] }, 200, names, same);
    expect(estimateTokens(block)).toBeLessThanOrEqual(200);
    expect(block).toContain("- Fact one\n- Fact two");
    expect(block).toContain("Line 59:");
    expect(block).not.toContain("Line 0:");
    const lines = block.split("Summary of earlier turns:\n")[1]!.split("\n");
    // consecutive newest lines, the oldest possibly cut at a word
    const numbers = lines.map((l) => Number(/Line (\d+)/.exec(l)?.[1] ?? NaN)).filter((n) => !Number.isNaN(n));
    expect(numbers.at(-1)).toBe(59);
    for (let i = 1; i < numbers.length; i += 1) expect(numbers[i]).toBe(numbers[i - 1]! + 1);
  });

  it("leaves out a fact too long for the budget but keeps the ones after it, and is empty without room", () => {
    const block = memoryBlock({ summary: "", facts: ["x".repeat(400), "Short fact"] }, 60, names, same);
    expect(block).toContain("- Short fact");
    expect(block).not.toContain("xxxx");
    expect(estimateTokens(block)).toBeLessThanOrEqual(60);
    expect(memoryBlock({ summary: "Something.", facts: ["A fact"] }, 10, names, same)).toBe("");
  });

  it("takes its room from the history: a memory pushes older turns out of the window", () => {
    const history = longHistory(30);
    const small = { contextTokens: 2048, maxReplyTokens: 256 };
    const without = buildPrompt(input({ history, ...small }));
    const summary = "The story so far. ".repeat(80);
    const withMemory = buildPrompt(input({ history, ...small, memory: { summary, facts: [] } }));
    expect(withMemory.turnsLeftOut).toBeGreaterThan(without.turnsLeftOut);
    expect(withMemory.promptTokens).toBeLessThanOrEqual(2048 - 256);
    const memoryCost = estimateTokens(withMemory.system) - estimateTokens(without.system);
    expect(memoryCost).toBeLessThanOrEqual(memoryBudget(small) + 2);
  });
});

describe("which turns leave the window", () => {
  it("counts the oldest history entries left out, the greeting aside", () => {
    const history = longHistory(40);
    const prompt = buildPrompt(input({ history, contextTokens: 2048, maxReplyTokens: 256 }));
    expect(prompt.turnsLeftOut).toBeGreaterThan(0);
    // the greeting was prepended and dropped too
    expect(prompt.droppedMessages).toBe(prompt.turnsLeftOut + 1);
    const firstSent = prompt.messages[0]!.content;
    expect(firstSent).toBe(history[prompt.turnsLeftOut]!.content);
  });

  it("is 0 when everything fits, and all of the history when only the system prompt and the message fit", () => {
    expect(buildPrompt(input({ history: longHistory(4) })).turnsLeftOut).toBe(0);
    const tiny = buildPrompt(input({ history: longHistory(4), contextTokens: 300, maxReplyTokens: 260 }));
    expect(tiny.turnsLeftOut).toBe(4);
  });

  it("counts blank entries by their place in the history", () => {
    const history: LlmMessage[] = [{ role: "user", content: "   " }, ...longHistory(40)];
    const prompt = buildPrompt(input({ history, contextTokens: 2048, maxReplyTokens: 256, includeGreeting: false }));
    expect(prompt.messages[0]!.content).toBe(history[prompt.turnsLeftOut]!.content);
  });

  it("turns the count into a bound on message ids", () => {
    const turns = [{ id: 10 }, { id: 12 }, { id: 13 }, { id: 20 }];
    expect(leftWindowBefore(turns, 0, false)).toBeNull();
    expect(leftWindowBefore(turns, 2, false)).toBe(13);
    expect(leftWindowBefore(turns, 4, false)).toBe(21);
    // a slice of a longer chat: what is older than the slice never goes in
    expect(leftWindowBefore(turns, 0, true)).toBe(10);
    expect(leftWindowBefore([], 0, true)).toBeNull();
  });

  it("asks for a summary only when turns left the window past the memory's last one", () => {
    expect(hasUnsummarisedTurns(null, null)).toBe(false);
    expect(hasUnsummarisedTurns(13, null)).toBe(true);
    expect(hasUnsummarisedTurns(13, 12)).toBe(false);
    expect(hasUnsummarisedTurns(13, 11)).toBe(true);
  });
});
