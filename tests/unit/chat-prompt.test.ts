import { describe, expect, it } from "vitest";
import { buildPrompt, type PromptInput, substituteNames } from "@/server/modules/chat/prompt";
import { estimateMessageTokens } from "@/server/modules/chat/token-estimate";
import { compileLorebook } from "@/server/modules/chat/lorebook-selection";
import { lorebookSchema } from "@/lib/validation/lorebook-rules";
import type { LlmMessage } from "@/server/providers/llm/types";

const character = {
  name: "Aria",
  persona: "{{char}} is a cheerful barista who loves jazz and teases {{user}}.",
  scenario: "{{user}} walks into <BOT>'s café on a rainy evening.",
  exampleDialogue: "{{user}}: One coffee, please.\n{{char}}: Coming right up, <USER>!",
  greeting: "*{{char}} waves.* Welcome back, {{User}}!",
};

function input(overrides: Partial<PromptInput> = {}): PromptInput {
  return {
    character,
    userName: "Sam",
    history: [],
    userMessage: "Hi {{char}}, what's good today?",
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

const cost = (messages: LlmMessage[]) => messages.reduce((sum, m) => sum + estimateMessageTokens(m.content), 0);

function expectAlternating(messages: LlmMessage[]) {
  for (let i = 1; i < messages.length; i += 1) expect(messages[i]?.role).not.toBe(messages[i - 1]?.role);
  expect(messages.at(-1)?.role).toBe("user");
}

describe("buildPrompt: system prompt", () => {
  it("names the character and the user and includes persona, scenario and example dialogue", () => {
    const { system } = buildPrompt(input());
    expect(system).toContain("You are Aria");
    expect(system).toContain("Sam");
    expect(system).toContain("Aria is a cheerful barista who loves jazz and teases Sam.");
    expect(system).toContain("Sam walks into Aria's café on a rainy evening.");
    expect(system).toContain("Sam: One coffee, please.\nAria: Coming right up, Sam!");
    expect(system).not.toMatch(/\{\{|<BOT>|<USER>/i);
  });

  it("leaves out the sections that are empty", () => {
    const { system } = buildPrompt(
      input({ character: { ...character, persona: "", scenario: " ", exampleDialogue: "" } }),
    );
    expect(system).toContain("You are Aria");
    expect(system).not.toMatch(/persona|scenario|example dialogue/i);
  });
});

describe("buildPrompt: messages", () => {
  it("starts with the greeting and ends with the new user message, names substituted", () => {
    const history: LlmMessage[] = [
      { role: "user", content: "Hello <bot>, I'm {{USER}}." },
      { role: "assistant", content: "Nice to meet you, {{user}}." },
    ];
    const prompt = buildPrompt(input({ history }));
    expect(prompt.messages).toEqual([
      { role: "assistant", content: "*Aria waves.* Welcome back, Sam!" },
      { role: "user", content: "Hello Aria, I'm Sam." },
      { role: "assistant", content: "Nice to meet you, Sam." },
      { role: "user", content: "Hi Aria, what's good today?" },
    ]);
    expect(prompt.droppedMessages).toBe(0);
    expect(prompt.promptTokens).toBe(estimateMessageTokens(prompt.system) + cost(prompt.messages));
  });

  it("does not add the greeting twice when the history already starts with it", () => {
    const history: LlmMessage[] = [{ role: "assistant", content: character.greeting }];
    const { messages } = buildPrompt(input({ history }));
    expect(messages.filter((m) => m.content.includes("Welcome back"))).toHaveLength(1);
    expect(messages).toHaveLength(2);
  });

  it("leaves the greeting out when asked to (the history is a recent slice) or when there is none", () => {
    expect(buildPrompt(input({ includeGreeting: false })).messages).toEqual([
      { role: "user", content: "Hi Aria, what's good today?" },
    ]);
    expect(buildPrompt(input({ character: { ...character, greeting: "" } })).messages).toHaveLength(1);
  });

  it("joins consecutive messages of one role so roles alternate, and skips empty ones", () => {
    const history: LlmMessage[] = [
      { role: "user", content: "first" },
      { role: "user", content: "second" },
      { role: "assistant", content: "" },
      { role: "assistant", content: "reply" },
      { role: "user", content: "unanswered" },
    ];
    const { messages } = buildPrompt(input({ history }));
    expect(messages).toEqual([
      { role: "assistant", content: "*Aria waves.* Welcome back, Sam!" },
      { role: "user", content: "first\n\nsecond" },
      { role: "assistant", content: "reply" },
      { role: "user", content: "unanswered\n\nHi Aria, what's good today?" },
    ]);
    expectAlternating(messages);
  });
});

describe("buildPrompt: budget", () => {
  it("keeps the newest whole messages that fit and drops the oldest, greeting first", () => {
    const history = longHistory(30);
    const prompt = buildPrompt(input({ history, contextTokens: 2048, maxReplyTokens: 512 }));
    const kept = prompt.messages.slice(0, -1);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept.length).toBeLessThan(30);
    // The kept messages are exactly the newest ones, unchanged.
    expect(kept).toEqual(history.slice(30 - kept.length));
    expect(prompt.messages.some((m) => m.content.includes("Welcome back"))).toBe(false);
    expect(prompt.droppedMessages).toBe(31 - kept.length);
    expect(prompt.promptTokens).toBeLessThanOrEqual(2048 - 512);
    expect(prompt.promptTokens).toBe(estimateMessageTokens(prompt.system) + cost(prompt.messages));
    // One more message would not have fitted.
    const next = history[30 - kept.length - 1];
    expect(prompt.promptTokens + estimateMessageTokens(next?.content ?? "")).toBeGreaterThan(2048 - 512);
  });

  it("keeps the whole history when it fits", () => {
    const prompt = buildPrompt(input({ history: longHistory(6) }));
    expect(prompt.droppedMessages).toBe(0);
    expect(prompt.messages).toHaveLength(8);
  });

  it("stops at a message too big to fit instead of skipping it for older ones", () => {
    const history: LlmMessage[] = [
      { role: "user", content: "old and small" },
      { role: "assistant", content: "huge ".repeat(2000) },
      { role: "user", content: "recent" },
      { role: "assistant", content: "recent reply" },
    ];
    const prompt = buildPrompt(input({ history, contextTokens: 1500, maxReplyTokens: 500 }));
    expect(prompt.messages.map((m) => m.content)).toEqual(["recent", "recent reply", "Hi Aria, what's good today?"]);
    expect(prompt.droppedMessages).toBe(3);
  });

  it("keeps roles alternating after dropping", () => {
    for (const contextTokens of [900, 1100, 1300, 1700, 2500]) {
      const prompt = buildPrompt(input({ history: longHistory(15), contextTokens, maxReplyTokens: 256 }));
      expectAlternating(prompt.messages);
    }
  });

  it("cuts the example dialogue, whole lines from the end, when the system prompt and message alone are too big", () => {
    const exampleDialogue = Array.from(
      { length: 200 },
      (_, i) => `{{char}}: example line ${i} ${"la ".repeat(20)}`,
    ).join("\n");
    const prompt = buildPrompt(
      input({
        character: { ...character, exampleDialogue },
        history: longHistory(4),
        contextTokens: 1500,
        maxReplyTokens: 500,
      }),
    );
    expect(prompt.system).toContain("Aria: example line 0 ");
    expect(prompt.system).not.toContain("example line 199");
    expect(prompt.system.trimEnd().endsWith("la")).toBe(true);
    expect(prompt.system).toContain("Aria is a cheerful barista");
    expect(prompt.messages).toEqual([{ role: "user", content: "Hi Aria, what's good today?" }]);
    expect(prompt.droppedMessages).toBe(5);
    expect(prompt.promptTokens).toBeLessThanOrEqual(1000);
  });

  it("never throws when even the bare system prompt and message exceed the budget", () => {
    const userMessage = "word ".repeat(3000);
    const prompt = buildPrompt(
      input({ history: longHistory(4), userMessage, contextTokens: 1000, maxReplyTokens: 900 }),
    );
    expect(prompt.system).toContain("You are Aria");
    expect(prompt.system).not.toContain("One coffee");
    expect(prompt.messages).toEqual([{ role: "user", content: userMessage }]);
    expect(prompt.promptTokens).toBeGreaterThan(100);
    expect(buildPrompt(input({ contextTokens: 100, maxReplyTokens: 500 })).messages).toHaveLength(1);
  });
});

describe("substituteNames", () => {
  it("replaces every spelling of the placeholders", () => {
    const names = { char: "Aria", user: "Sam" };
    expect(substituteNames("{{char}} {{CHAR}} {{ Char }} <BOT> <bot> {{user}} {{User}} <USER> <user>", names)).toBe(
      "Aria Aria Aria Aria Aria Sam Sam Sam Sam",
    );
    expect(substituteNames("no placeholders {here} <b>", names)).toBe("no placeholders {here} <b>");
  });
});

describe("buildPrompt with a persona and a lorebook", () => {
  const lorebook = compileLorebook(
    lorebookSchema.parse({
      entries: [
        { keys: ["jazz"], content: "{{char}}'s favourite record is Kind of Blue.", position: "after_char" },
        { keys: ["rain"], content: "It has rained for forty days.", position: "before_char" },
        { constant: true, content: "The café is called Blue Note." },
      ],
    }),
  );

  it("fills {{user}} in any letter case with the persona's name and gives its description", () => {
    const prompt = buildPrompt(input({ userName: "Captain Sam", userPersona: "{{USER}} is a retired sailor." }));
    expect(prompt.system).toContain("teases Captain Sam.");
    expect(prompt.system).toContain("## Captain Sam, who you are talking with\nCaptain Sam is a retired sailor.");
    expect(prompt.messages[0]?.content).toContain("Welcome back, Captain Sam!");
  });

  it("adds no persona section without a description", () => {
    expect(buildPrompt(input({ userPersona: "" })).system).not.toContain("who you are talking with");
  });

  it("puts the matching entries around the character's persona, constant ones always", () => {
    const prompt = buildPrompt(input({ lorebook, userMessage: "Any jazz tonight?" }));
    expect(prompt.system).toContain("Aria's favourite record is Kind of Blue.");
    expect(prompt.system).toContain("The café is called Blue Note.");
    expect(prompt.system).not.toContain("forty days");
    const rainy = buildPrompt(input({ lorebook, history: [{ role: "user", content: "Such rain." }] }));
    const system = rainy.system;
    expect(system.indexOf("forty days")).toBeLessThan(system.indexOf("## Aria's persona"));
    expect(system.indexOf("Blue Note")).toBeGreaterThan(system.indexOf("## Scenario"));
  });

  it("counts the lore in the prompt's budget", () => {
    const without = buildPrompt(input({ history: longHistory(200) }));
    const big = compileLorebook(lorebookSchema.parse({ entries: [{ constant: true, content: "lore ".repeat(1200) }] }));
    const withLore = buildPrompt(input({ history: longHistory(200), lorebook: big }));
    expect(withLore.system).toContain("lore lore");
    expect(withLore.promptTokens).toBeLessThanOrEqual(8192 - 512);
    // 1,500 tokens of lore leave room for about 14 fewer messages of about 104 tokens.
    expect(withLore.droppedMessages - without.droppedMessages).toBeGreaterThanOrEqual(13);
  });
});
