import { describe, expect, it } from "vitest";
import { createDemoProvider } from "@/server/providers/llm/demo-model";
import { DEMO_CHARACTERS } from "@/server/db/seed/demo-characters";
import { readCharacter } from "@/server/providers/llm/demo-character";
import { readMessage, topicOf } from "@/server/providers/llm/demo-message";
import { writeDemoReply } from "@/server/providers/llm/demo-reply";
import { COMFORT, COMFORT_CLOSERS, OPENERS } from "@/server/providers/llm/demo-templates";
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

const fast = createDemoProvider({ wordDelayMs: { min: 0, max: 1 } });

const mira = DEMO_CHARACTERS.find((c) => c.key === "captain-mira-voss")!;
const miraCard: DemoContext = { ...mira, characterName: mira.name, userName: "Sam", userMessage: "" };

/** A conversation with the character, one user message at a time, as the chat sends it (the greeting first). */
function converse(card: DemoContext, messages: string[]): string[] {
  const conversation: LlmMessage[] = [{ role: "assistant", content: card.greeting }];
  return messages.map((userMessage, i) => {
    conversation.push({ role: "user", content: userMessage });
    const reply = writeDemoReply({ ...card, userMessage }, { firstReply: i === 0, conversation: [...conversation] });
    conversation.push({ role: "assistant", content: reply });
    return reply;
  });
}

const MESSAGES = [
  "I adopted a tiny grey kitten today",
  "We won the championship!",
  "Do you like jazz?",
  "The weather turned cold again",
  "hello",
  "What is your favourite song?",
  "My sister is visiting next week",
  "I burned the toast this morning",
  "*leans against the railing and looks out at the stars*",
  "ok",
  "Can you tell me about the old lighthouse on the hill near the harbour?",
  "lol",
];

describe("demo reply text", () => {
  it("never echoes the user's message: no quotes, and no run of five of its words", () => {
    const long = [
      ...MESSAGES,
      "I think the new captain of the guard is hiding something from the whole crew",
      "Why would anyone build a lighthouse so far from the sea, and who keeps it lit?",
    ];
    for (const card of [aria, miraCard]) {
      for (const [i, reply] of converse(card, long).entries()) {
        expect(reply).not.toContain('"');
        expect(reply).not.toContain("\u201c");
        const words = long[i]!.toLowerCase().match(/[\p{L}']+/gu)!;
        const text = reply.toLowerCase();
        for (let start = 0; start + 5 <= words.length; start += 1)
          expect(text, `${long[i]} → ${reply}`).not.toContain(words.slice(start, start + 5).join(" "));
      }
    }
  });

  it("talks about the topic of the user's message, seen from the character's side", () => {
    expect(writeDemoReply(aria)).toContain("the old lighthouse");
    const sister = writeDemoReply({ ...aria, userMessage: "My sister is visiting next week" });
    expect(sister).not.toMatch(/\bmy sister\b/i);
    expect(sister).toMatch(/\byour sister\b/);
  });

  it("uses the character's persona, scenario and greeting", () => {
    // Over a few conversations (each reply draws a few of the card's fragments, not all of them).
    const replies = ["Sam", "Alex", "Kim"]
      .flatMap((userName) => converse({ ...miraCard, userName }, MESSAGES))
      .join("\n");
    // Persona sentences in her own voice, where the scene is, and the greeting's "Strap in, {{user}}".
    const own = readCharacter(miraCard);
    expect(own.selfLines).toContain("I lie easily to customs officers and never to my crew");
    expect(own.selfLines.some((line) => replies.includes(line))).toBe(true);
    expect(replies).toMatch(/aboard my freighter|her freighter/);
    expect(replies).toMatch(/freighter captain/);
    const greetings = ["hi", "hello", "hey there", "good morning", "hiya", "heya"].map((m) =>
      writeDemoReply({ ...miraCard, userMessage: m }),
    );
    expect(greetings.some((reply) => reply.includes("Strap in, Sam."))).toBe(true);
    // Nothing of another character's card.
    expect(converse(aria, MESSAGES).join("\n")).not.toMatch(/freighter|customs|Strap in/);
  });

  it("is the same for the same conversation, and different for each message and as the conversation grows", () => {
    expect(writeDemoReply(aria)).toBe(writeDemoReply(aria));
    const replies = MESSAGES.map((userMessage) => writeDemoReply({ ...miraCard, userMessage }));
    expect(new Set(replies).size).toBe(MESSAGES.length);
    // The same message later in a conversation gets another reply.
    const twice = converse(miraCard, ["Do you like jazz?", "ok", "Do you like jazz?"]);
    expect(twice[2]).not.toBe(twice[0]);
    // Whole conversations read differently from start to end: no reply repeats an opening of the last three.
    const chat = converse(miraCard, MESSAGES);
    const openings = chat.map(
      (r) =>
        r
          .split("\n\n")
          .find((p) => !p.startsWith("*"))!
          .split(/(?<=[.!?]) /)[0],
    );
    expect(new Set(openings).size).toBeGreaterThanOrEqual(MESSAGES.length - 2);
  });

  it("answers an action with narration in asterisks, and a greeting or a short reply without a topic", () => {
    const acted = writeDemoReply({ ...miraCard, userMessage: "*sits down next to you and sighs*" });
    expect(acted.split("\n\n")[0]).toMatch(/^\*Captain Mira Voss [^*]+\*$/);
    for (const message of ["hello", "ok", "lol", "nope"]) expect(readMessage(message).topic).toBeNull();
    expect(writeDemoReply({ ...aria, userMessage: "lol" })).not.toMatch(/\blol\b/i);
  });

  it("says it is a demo on the first reply", () => {
    expect(writeDemoReply(aria, { firstReply: true })).toMatch(/offline demo model/);
  });

  it("copes with an empty message and an empty card", () => {
    const reply = writeDemoReply({
      characterName: "",
      userName: "",
      persona: "",
      scenario: "",
      greeting: "",
      userMessage: "",
    });
    expect(reply.length).toBeGreaterThan(20);
    expect(reply).not.toMatch(/[{}]|undefined|null/);
  });
});

describe("reading the card and the message", () => {
  it("reads the role, persona lines, place, greeting and pronouns of a card", () => {
    expect(readCharacter(miraCard)).toMatchObject({
      pronouns: { subject: "she", possessive: "her" },
      role: "a freighter captain",
      where: "aboard my freighter",
      address: { words: "Strap in", end: "." },
      selfLines: [
        "I'm a quick-talking freighter captain in my forties with a prosthetic left hand I call 'the Accountant'",
        "I lie easily to customs officers and never to my crew",
      ],
    });
    const aria = readCharacter({
      characterName: "Aria",
      persona: "Aria is a cheerful barista who loves jazz. She hums while she works.",
      scenario: "You meet Aria at a rainy train station at midnight.",
      greeting: "Oh! Hello there, {{user}}!",
    });
    expect(aria).toMatchObject({
      role: "a barista",
      selfLines: ["I'm a cheerful barista who loves jazz", "I hum while I work"],
      where: "at the rainy train station",
      mood: "bright",
    });
  });

  it("finds the topic of a message as a noun phrase", () => {
    expect(topicOf("Can you tell me about the old lighthouse?")).toBe("the old lighthouse");
    expect(topicOf("I adopted a tiny grey kitten today")).toBe("a tiny grey kitten");
    expect(topicOf("The weather turned cold again")).toBe("the weather");
    expect(topicOf("My sister is visiting next week")).toBe("your sister");
    expect(topicOf("Tell me about your ship")).toBe("my ship");
    expect(topicOf("Do you like jazz?")).toBe("jazz");
    expect(topicOf("Have you ever been to Paris?")).toBe("Paris");
    expect(topicOf("ok")).toBeNull();
    expect(topicOf("I bought a new bed")).toBe("a new bed");
  });

  it("takes no verb, greeting or form of address for a topic", () => {
    expect(topicOf("Where are we headed?")).toBeNull();
    expect(topicOf("What happened?")).toBeNull();
    expect(topicOf("Where did you grow up?")).toBeNull();
    expect(topicOf("I love jazz")).toBe("jazz");
    expect(topicOf("I want to visit Paris")).toBe("Paris");
    expect(topicOf("I made cookies for you!")).toBe("cookies");
    expect(topicOf("I went to school")).toBe("school");
    expect(topicOf("How are you, friend?")).toBeNull();
    expect(topicOf("How old are you?")).toBeNull();
    expect(topicOf("I'm feeling sad today")).toBeNull();
    expect(topicOf("How long is the trip?")).toBe("the trip");
    expect(topicOf("What brings you here tonight?")).toBeNull();
    expect(topicOf("What makes you smile?")).toBeNull();
    expect(topicOf("The storm kept us inside all day")).toBe("the storm");
    expect(topicOf("I baked bread for you")).toBe("bread");
    const mira = ["Captain Mira Voss", "Sam", "captain"];
    expect(topicOf("Hello captain! How are you today?", mira)).toBeNull();
    expect(topicOf("Mira, tell me about the war", mira)).toBe("the war");
    expect(topicOf("Good morning, captain. Any news from the station?", mira)).toBe("the station");
    expect(topicOf("Who was the captain before you?", mira)).toBe("the captain");
    for (const userMessage of ["Hello captain! How are you today?", "Hey captain, where are we headed?"]) {
      const reply = writeDemoReply({ ...miraCard, userMessage });
      expect(reply).not.toMatch(/\bheaded\b|\bcaptain[?!.]|about captain\b/i);
    }
  });

  it("tells kinds of message apart", () => {
    const kind = (m: string) => readMessage(m).kind;
    expect(["Hi!", "hello there", "Good morning"].map(kind)).toEqual(["greeting", "greeting", "greeting"]);
    expect(["Do you sing?", "where are we going", "Tell me about the war"].map(kind)).toEqual([
      "question",
      "question",
      "question",
    ]);
    expect(["*waves*", "yes", "nope", "haha", "hm", "We did it!", "I like rain."].map(kind)).toEqual([
      "action",
      "yes",
      "no",
      "laugh",
      "short",
      "exclamation",
      "statement",
    ]);
    expect(readMessage("*waves* Nice to see you").acted).toBe(true);
    expect(["Goodbye!", "bye", "Good night, captain", "I have to go now"].map(kind)).toEqual([
      "farewell",
      "farewell",
      "farewell",
      "farewell",
    ]);
    expect(kind("Later that night we sailed home")).toBe("statement");
  });

  it("meets someone having a hard time with comfort, not a story about the character", () => {
    const kind = (m: string) => readMessage(m).kind;
    expect(["I had a terrible day at work", "I'm feeling sad today", "My dog died"].map(kind)).toEqual([
      "down",
      "down",
      "down",
    ]);
    // About the character, not the user; and words of an adventure, not of a hard time.
    expect(kind("Are you sad?")).toBe("question");
    expect(["I fired at the bandits", "I met her a long time ago", "I'm not afraid of you!"].map(kind)).not.toContain(
      "down",
    );
    const comfort = COMFORT.map((template) => template.replace("{name}", miraCard.characterName));
    for (const userMessage of ["I had a terrible day at work", "I'm feeling sad today", "I feel so alone"]) {
      const [narration, speech] = writeDemoReply({ ...miraCard, userMessage }).split("\n\n");
      expect(comfort, userMessage).toContain(narration);
      expect(
        COMFORT_CLOSERS.some((closer) => speech!.endsWith(closer)),
        speech,
      ).toBe(true);
      // None of her persona lines or her freighter: the reply is about the user.
      expect(speech, userMessage).not.toMatch(/customs|Accountant|freighter/);
    }
  });

  it("does not speak as if they had talked before until the user has written once", () => {
    const presumes = /\b(again|come back|else)\b/i;
    const cards = DEMO_CHARACTERS.map((c) => ({ ...c, characterName: c.name, userName: "Sam", userMessage: "" }));
    let later = 0;
    for (const card of cards) {
      for (const first of ["Hi there", "hello", "Hey!", "Good evening", "I'm new here", "Nice to meet you"]) {
        const [reply, second] = converse(card, [first, "Hello"]);
        expect(reply, `${card.characterName}: ${first}`).not.toMatch(presumes);
        if (presumes.test(second!)) later += 1;
      }
    }
    // Once the user has written before, those lines are in use again.
    expect(later).toBeGreaterThan(0);
  });

  it("says goodbye to a goodbye and nothing more: no question back", () => {
    const goodbyes = Object.values(OPENERS.farewell)
      .flat()
      .map((template) => template.replace("{user}", "Sam"));
    for (const userMessage of ["Goodbye!", "bye", "Good night", "gotta go", "See you tomorrow"]) {
      const speech = writeDemoReply({ ...miraCard, userMessage })
        .split("\n\n")
        .filter((p) => !p.startsWith("*") && !p.startsWith("("));
      expect(speech, userMessage).toHaveLength(1);
      expect(goodbyes, userMessage).toContain(speech[0]);
    }
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
    expect(chunks.join("")).toBe(
      writeDemoReply(aria, { conversation: [...history, { role: "user", content: aria.userMessage }] }),
    );
    const usage = await stream.usage();
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);
  });

  it("labels the first reply of a chat as a demo", async () => {
    const chunks: string[] = [];
    for await (const chunk of fast.streamReply(request()).textStream) chunks.push(chunk);
    expect(chunks.join("")).toBe(writeDemoReply(aria, { firstReply: true, conversation: request().messages }));
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
      writeDemoReply(aria, { firstReply: true, conversation: request().messages })
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
