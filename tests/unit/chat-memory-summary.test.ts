import { describe, expect, it } from "vitest";
import { MEMORY_SUMMARY_MAX_CHARS } from "@/lib/contracts/chat-memory-client";
import { boundSummary, summaryPrompt, turnsWithin } from "@/server/modules/chat/memory/summary-prompt";
import { createDemoProvider } from "@/server/providers/llm/demo-model";
import { writeDemoSummary } from "@/server/providers/llm/demo-summary";
import type { LlmMessage } from "@/server/providers/llm/types";

const turns: LlmMessage[] = [
  { role: "user", content: "hi there. My name is Sam and I bake bread in Lyon every morning." },
  {
    role: "assistant",
    content: "*smiles warmly* Oh, how lovely! What a nice thing.\n\n(Aria is speaking through the offline demo model.)",
  },
  { role: "user", content: "*waves* I have 2 cats, Tom and Lulu." },
  { role: "assistant", content: "I keep the lighthouse of Saint-Malo with my brother Yann." },
];

const context = { characterName: "Aria", userName: "Sam", previousSummary: "", turns, maxChars: 2000 };

describe("the demo model's summary", () => {
  it("is the key sentence of each turn under its speaker, without actions or the demo note", () => {
    expect(writeDemoSummary(context)).toBe(
      [
        "Sam: My name is Sam and I bake bread in Lyon every morning.",
        "Sam: I have 2 cats, Tom and Lulu.",
        "Aria: I keep the lighthouse of Saint-Malo with my brother Yann.",
      ].join("\n"),
    );
  });

  it("is the same for the same turns, extends the previous summary, and keeps the newest lines within maxChars", () => {
    expect(writeDemoSummary(context)).toBe(writeDemoSummary({ ...context }));
    const extended = writeDemoSummary({ ...context, previousSummary: "Sam: Earlier line." });
    expect(extended.startsWith("Sam: Earlier line.\nSam: My name is Sam")).toBe(true);
    const bounded = writeDemoSummary({ ...context, previousSummary: "Sam: Earlier line.", maxChars: 100 });
    expect(bounded.length).toBeLessThanOrEqual(100);
    expect(bounded.endsWith("with my brother Yann.")).toBe(true);
    expect(bounded).not.toContain("Earlier line");
  });

  it("still says something when only fact-less replies are new", () => {
    const summary = writeDemoSummary({ ...context, turns: [turns[1]!] });
    expect(summary).toBe("Aria: Oh, how lovely!");
  });
});

describe("the summary request", () => {
  it("names both sides, gives the memory so far and the new turns as a transcript", () => {
    const prompt = summaryPrompt({ characterName: "Aria", userName: "Sam", previousSummary: "Old memory.", turns });
    expect(prompt.system).toContain("between Sam and Aria");
    expect(prompt.messages).toHaveLength(1);
    const content = prompt.messages[0]!.content;
    expect(content).toContain("Memory so far:\nOld memory.");
    expect(content).toContain("Sam: hi there. My name is Sam");
    expect(content).toContain("Aria: I keep the lighthouse");
  });

  it("takes the oldest turns within its token budget, at least one (cut)", () => {
    expect(turnsWithin(turns, 40).length).toBeLessThan(turns.length);
    expect(turnsWithin(turns, 10_000)).toEqual(turns);
    const one = turnsWithin([{ role: "user", content: "x".repeat(4000) }], 100);
    expect(one).toHaveLength(1);
    expect(one[0]!.content.length).toBeLessThanOrEqual(200);
  });

  it("bounds what the model answers: trimmed, cut at a sentence, empty is null", () => {
    expect(boundSummary("  \n ")).toBeNull();
    expect(boundSummary(" One.\n\n\n\nTwo. ")).toBe("One.\n\nTwo.");
    const long = boundSummary("A sentence that goes on. ".repeat(200))!;
    expect(long.length).toBeLessThanOrEqual(MEMORY_SUMMARY_MAX_CHARS);
    expect(long.endsWith("goes on.")).toBe(true);
    // Postgres text cannot hold NUL: a summary with one could not be written at all.
    expect(boundSummary("She left\u0000 at dawn.")).toBe("She left\uFFFD at dawn.");
  });
});

describe("the demo provider", () => {
  it("answers summarise() with the extractive summary of the request's turns", async () => {
    const provider = createDemoProvider();
    const text = await provider.summarise({
      model: "demo-standard",
      system: "instructions",
      messages: [{ role: "user", content: "transcript" }],
      maxOutputTokens: 600,
      abortSignal: new AbortController().signal,
      demo: context,
    });
    expect(text).toBe(writeDemoSummary(context));
    expect(text).toContain("Sam: My name is Sam");
  });
});
