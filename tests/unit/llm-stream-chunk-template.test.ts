import { describe, expect, it } from "vitest";
import type { StreamChunk } from "@/server/providers/llm/openai-stream-chunk";
import { createStreamChunkReader } from "@/server/providers/llm/stream-chunk-template";
import { openAiChunk, wholeParse } from "@/tests/support/openai-chunks";

function readAll(payloads: string[]) {
  const reader = createStreamChunkReader();
  const chunks = payloads.map((data) => reader.read(data));
  return { chunks, templated: reader.templated };
}

const tricky = [
  "Hello",
  " world",
  'She said "stop".',
  "a\\b",
  "line\nbreak\ttab",
  "émoji 🚀 and 中文",
  "\u2028\u2029",
  '}],"usage":null}',
  '"content":"x"',
  "\u0000",
  "",
  "\ud800 lone",
  " ",
];

describe("stream chunk template", () => {
  it("reads an OpenAI stream as a whole parse does, most text chunks by the template", () => {
    const payloads = [
      openAiChunk({ role: "assistant", content: "" }),
      ...tricky.map((content) => openAiChunk({ content })),
      ...Array.from({ length: 50 }, (_, i) => openAiChunk({ content: `word${i} ` })),
      JSON.stringify({
        id: "chatcmpl-AbC123",
        choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }],
        usage: null,
      }),
      JSON.stringify({ id: "chatcmpl-AbC123", choices: [], usage: { prompt_tokens: 12, completion_tokens: 63 } }),
    ];
    const { chunks, templated } = readAll(payloads);
    expect(chunks).toEqual(payloads.map(wholeParse));
    // The first text chunk is parsed whole and becomes the template; every later text or empty chunk fits it.
    expect(templated).toBe(tricky.length - 1 + 50);
  });

  it("reads a provider that writes spaces after its colons, and one that sends the role with the first word", () => {
    const spaced = ["Hi", " there", ' "friend"', "!"].map(
      (content) => `{"id": "x1", "choices": [{"index": 0, "delta": {"content": ${JSON.stringify(content)}}}]}`,
    );
    const roleFirst = [
      openAiChunk({ role: "assistant", content: "Hi" }),
      ...["a", "b", "c"].map((content) => openAiChunk({ content })),
    ];
    for (const payloads of [spaced, roleFirst]) {
      const { chunks, templated } = readAll(payloads);
      expect(chunks).toEqual(payloads.map(wholeParse));
      expect(templated).toBe(payloads.length - (payloads === roleFirst ? 2 : 1));
    }
  });

  it("does not take another key named content for the text", () => {
    // The delta's text and a "content" elsewhere are the same at first; only the delta's may be the template's hole.
    const payload = (text: string, other: string) =>
      JSON.stringify({ meta: { content: other }, choices: [{ delta: { content: text } }] });
    const payloads = [payload("hi", "hi"), payload("hi", "yo"), payload("ho", "yo"), payload("ha", "yo")];
    const { chunks, templated } = readAll(payloads);
    expect(chunks).toEqual(payloads.map(wholeParse));
    expect(chunks.map((chunk) => (chunk?.kind === "text" ? chunk.text : null))).toEqual(["hi", "hi", "ho", "ha"]);
    // The second chunk is a new template (its other key changed); the last two fit it.
    expect(templated).toBe(2);
  });

  it("parses whole a payload that fits the template's ends but holds other than one string in its hole", () => {
    const first = openAiChunk({ content: "ok" });
    const [prefix, suffix] = first.split('"ok"');
    const odd = [
      `${prefix}"a"},"x":{"content":"b"${suffix}`,
      `${prefix}"a"}}],"error":{"message":"boom"},"z":[{"q":{"r":"s"${suffix}`,
      `${prefix}12${suffix}`,
      `${prefix}"unterminated${suffix}`,
      `${prefix}"fine"${suffix}`,
    ];
    const read = odd.map((data) => {
      const reader = createStreamChunkReader();
      reader.read(first);
      return { chunk: reader.read(data), templated: reader.templated };
    });
    expect(read.map((r) => r.chunk)).toEqual(odd.map(wholeParse));
    expect(read.map((r) => r.chunk?.kind ?? null)).toEqual(["text", "error", "malformed", null, "text"]);
    // Only the last is one string: the template reads it.
    expect(read.map((r) => r.templated)).toEqual([0, 0, 0, 0, 1]);
  });

  it("keeps a template's usage, and parses whole chunks that change elsewhere, giving up learning after a few", () => {
    const withUsage = ["a", "b", "c"].map((content) =>
      openAiChunk({ content }, { usage: { prompt_tokens: 7, completion_tokens: 1 } }),
    );
    const counted = Array.from({ length: 20 }, (_, i) => openAiChunk({ content: `w${i}` }, { sequence: i }));
    const a = readAll(withUsage);
    expect(a.chunks).toEqual(withUsage.map(wholeParse));
    expect(a.chunks[2]).toEqual({ kind: "text", text: "c", usage: { inputTokens: 7, outputTokens: 1 } });
    const b = readAll(counted);
    expect(b.chunks).toEqual(counted.map(wholeParse));
    expect(b.templated).toBe(0);
  });

  it("reads events from a body's bytes while they fit, and says where it stopped", () => {
    const none = () => undefined;
    const reader = createStreamChunkReader();
    const events = ["a", "b é 🚀", "", 'c "quoted"', "d"].map((content) => `data: ${openAiChunk({ content })}\n\n`);
    const bytes = Buffer.from(events.join(""));
    // No template yet: nothing is read.
    expect(reader.readEvents(bytes, 0, bytes.length, none)).toBe(0);
    reader.read(openAiChunk({ content: "learnt" }));
    const read: StreamChunk[] = [];
    const stop = reader.readEvents(bytes, 0, bytes.length, (chunk) => read.push(chunk));
    expect(read).toEqual([
      { kind: "text", text: "a", usage: null },
      { kind: "text", text: "b é 🚀", usage: null },
      { kind: "other", usage: null },
    ]);
    expect(bytes.subarray(stop).toString()).toBe(events.slice(3).join(""));
    expect(reader.templated).toBe(3);
    // An event cut short by the range's end, or without its blank line, is left where it starts.
    const first = Buffer.byteLength(events[0] ?? "");
    expect(reader.readEvents(bytes, 0, first - 1, none)).toBe(0);
    const crlf = Buffer.from(events[0]?.replace(/\n\n$/, "\r\n\r\n") ?? "");
    expect(reader.readEvents(crlf, 0, crlf.length, none)).toBe(0);
    // A range that starts further in.
    expect(reader.readEvents(bytes, first, stop, none)).toBe(stop);
  });

  it("agrees with a whole parse on random contents", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = ['"', "\\", "\n", "a", "b", " ", "é", "🚀", "{", "}", ":", ",", "\u0001", "/", "u"];
    const word = () =>
      Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    const payloads = Array.from({ length: 400 }, () => openAiChunk({ content: word() }));
    const { chunks, templated } = readAll(payloads);
    expect(chunks).toEqual(payloads.map(wholeParse));
    expect(templated).toBeGreaterThan(390);
  });
});
