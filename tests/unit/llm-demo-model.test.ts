import { describe, expect, it } from "vitest";
import { createDemoProvider } from "@/server/providers/llm/demo-model";
import { keyPhrase, placeOf, writeDemoReply } from "@/server/providers/llm/demo-reply";
import type { DemoContext, LlmMessage, ReplyRequest } from "@/server/providers/llm/types";

const aria: DemoContext = {
  characterName: "Aria",
  userName: "Sam",
  persona: "A cheerful barista who loves jazz.",
  scenario: "You meet Aria at a rainy train station at midnight.",
  greeting: "Oh! Hello there.",
  userMessage: "Can you tell me about the old lighthouse?",
};

function request(
  demo: Partial<DemoContext> = {},
  signal = new AbortController().signal,
  history: LlmMessage[] = [],
): ReplyRequest {
  const context = { ...aria, ...demo };
  return {
    model: "demo-standard",
    system: "system prompt",
    messages: [...history, { role: "user", content: context.userMessage }],
    maxOutputTokens: 256,
    abortSignal: signal,
    demo: context,
  };
}

const sentences = (text: string) => text.match(/[^.!?]+[.!?]+["')*]*/g) ?? [];
const fast = createDemoProvider({ wordDelayMs: { min: 0, max: 1 } });

describe("demo reply text", () => {
  it("is 2 to 4 sentences, in character, and echoes a phrase of a question", () => {
    const reply = writeDemoReply(aria);
    expect(reply).toContain("Aria");
    expect(reply).toContain("old lighthouse");
    expect(sentences(reply).length).toBeGreaterThanOrEqual(2);
    expect(sentences(reply).length).toBeLessThanOrEqual(4);
  });

  it("says it is a demo on the first reply", () => {
    expect(writeDemoReply(aria, { firstReply: true })).toMatch(/demo/i);
  });

  it("is the same for the same message and varies across messages", () => {
    expect(writeDemoReply(aria)).toBe(writeDemoReply(aria));
    const messages = [
      "I adopted a tiny grey kitten today",
      "We won the championship!",
      "Do you like jazz?",
      "The weather turned cold again",
      "hello",
      "What is your favourite song?",
      "My sister is visiting next week",
      "I burned the toast this morning",
    ];
    const replies = messages.map((userMessage) => writeDemoReply({ ...aria, userMessage }));
    expect(new Set(replies).size).toBe(messages.length);
    const openings = new Set(
      replies.map((r) =>
        r
          .split(/[.!?]/)[0]
          ?.replace(/"[^"]*"/g, "")
          .trim(),
      ),
    );
    expect(openings.size).toBeGreaterThanOrEqual(4);
    for (const reply of replies) {
      expect(sentences(reply).length).toBeGreaterThanOrEqual(2);
      expect(sentences(reply).length).toBeLessThanOrEqual(4);
    }
  });

  it("reacts differently to a question, a statement and a greeting", () => {
    const question = writeDemoReply({ ...aria, userMessage: "Do you play the saxophone?" });
    const statement = writeDemoReply({ ...aria, userMessage: "I play the saxophone." });
    const greeting = writeDemoReply({ ...aria, userMessage: "Hi!" });
    expect(question).toMatch(/saxophone/i);
    expect(statement).toMatch(/saxophone/i);
    expect(question.split(".")[0]).not.toBe(statement.split(".")[0]);
    expect(greeting).toMatch(/^(Hello|There you are|Hey), Sam/);
  });

  it("copes with an empty message and missing names", () => {
    const reply = writeDemoReply({
      characterName: "",
      userName: "",
      persona: "",
      scenario: "",
      greeting: "",
      userMessage: "",
    });
    expect(sentences(reply).length).toBeGreaterThanOrEqual(2);
    expect(reply).not.toContain("{");
  });

  it("finds key phrases and places", () => {
    expect(keyPhrase("Can you tell me about the old lighthouse?")).toBe("old lighthouse");
    expect(keyPhrase("ok")).toBeNull();
    expect(placeOf("You meet Aria at a rainy train station at midnight.")).toBe("the rainy train station");
    expect(placeOf("Aria waits in your apartment, pacing.")).toBe("your apartment");
    expect(placeOf("A quiet evening.")).toBeNull();
  });
});

describe("demo LLM provider", () => {
  it("is a demo that keeps the provider model", () => {
    const provider = createDemoProvider();
    expect(provider.kind).toBe("demo");
    expect(provider.isDemo).toBe(true);
    expect(provider.upstreamModel("premium", "demo-premium")).toBe("demo-premium");
  });

  it("streams the reply word by word and estimates usage", async () => {
    const history: LlmMessage[] = [
      { role: "user", content: "earlier" },
      { role: "assistant", content: "earlier reply" },
    ];
    const stream = fast.streamReply(request({}, undefined, history));
    const chunks: string[] = [];
    for await (const chunk of stream.textStream) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join("")).toBe(writeDemoReply(aria));
    const usage = await stream.usage();
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
  });

  it("labels the first reply of a chat as a demo", async () => {
    const chunks: string[] = [];
    for await (const chunk of fast.streamReply(request()).textStream) chunks.push(chunk);
    expect(chunks.join("")).toBe(writeDemoReply(aria, { firstReply: true }));
  });

  it("sends no word after an abort and ends without an error", async () => {
    const controller = new AbortController();
    const stream = fast.streamReply(request({}, controller.signal));
    const chunks: string[] = [];
    for await (const chunk of stream.textStream) {
      chunks.push(chunk);
      if (chunks.length === 2) controller.abort();
    }
    expect(chunks).toHaveLength(2);
    expect(chunks.join("")).toBe(
      writeDemoReply(aria, { firstReply: true })
        .match(/\s*\S+/g)!
        .slice(0, 2)
        .join(""),
    );
    expect(await stream.usage()).toEqual({ inputTokens: null, outputTokens: null });
  });

  it("ends as soon as it is aborted while a word is due, with no text and no usage", async () => {
    // Each word would take ten minutes: the read below ends because of the abort, not because a word came.
    const controller = new AbortController();
    const slow = createDemoProvider({ wordDelayMs: { min: 600_000, max: 600_000 } });
    const stream = slow.streamReply(request({}, controller.signal));
    const reading = stream.textStream[Symbol.asyncIterator]().next();
    controller.abort();
    expect(await reading).toEqual({ done: true, value: undefined });
    expect(await stream.usage()).toEqual({ inputTokens: null, outputTokens: null });
  });

  it("sends nothing when aborted before it starts", async () => {
    const chunks: string[] = [];
    for await (const chunk of createDemoProvider().streamReply(request({}, AbortSignal.abort())).textStream)
      chunks.push(chunk);
    expect(chunks).toEqual([]);
  });
});
