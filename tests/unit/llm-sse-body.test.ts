import { createParser } from "eventsource-parser";
import { describe, expect, it } from "vitest";
import type { StreamChunk } from "@/server/providers/llm/openai-stream-chunk";
import { sseBody } from "@/server/providers/llm/sse-body";
import { createStreamChunkReader } from "@/server/providers/llm/stream-chunk-template";
import { openAiChunk, wholeParse } from "@/tests/support/openai-chunks";

/**
 * sseBody with a StreamChunkReader, as openai-chat-stream.ts reads a reply: whatever the bytes and wherever the
 * reads end, the chunks must be what eventsource-parser and a whole JSON parse say of the whole body at once.
 */
function reference(body: Buffer): (StreamChunk | null)[] {
  const out: (StreamChunk | null)[] = [];
  const parser = createParser({
    onEvent: (event) => {
      if (event.data !== "[DONE]") out.push(wholeParse(event.data));
    },
  });
  parser.feed(body.toString("utf8"));
  return out;
}

/** Feeds body[cuts[i], cuts[i+1]) one after another, each in a buffer overwritten once the call returns. */
function read(body: Buffer, cuts: number[]) {
  const chunks = createStreamChunkReader();
  const out: (StreamChunk | null)[] = [];
  let fastEvents = 0;
  const sse = sseBody({
    fast: (buf, start, end) =>
      chunks.readEvents(buf, start, end, (chunk) => {
        fastEvents++;
        out.push(chunk);
      }),
    onData: (data) => {
      if (data !== "[DONE]") out.push(chunks.read(data));
    },
  });
  const shared = Buffer.alloc(body.length + 16);
  const points = [0, ...cuts.filter((c) => c > 0 && c < body.length), body.length];
  for (let i = 0; i + 1 < points.length; i++) {
    const from = points[i] as number;
    const to = points[i + 1] as number;
    if (from === to) continue;
    // The range starts 8 bytes into the buffer, as a range of a read need not start at 0.
    body.copy(shared, 8, from, to);
    sse.feed(shared, 8, 8 + to - from);
    shared.fill(0x22);
  }
  return { out, fastEvents };
}

const openAi = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  `data: ${openAiChunk(delta, extra)}\n\n`;

/** Cuts at each event's end: the ranges a chunked body hands on when each event is its own chunk. */
function eventEnds(events: string[]): number[] {
  const cuts: number[] = [];
  let at = 0;
  for (const event of events) cuts.push((at += Buffer.byteLength(event)));
  return cuts;
}

function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const words = Array.from({ length: 60 }, (_, i) => openAi({ content: ` word${i}` }));
const stream = [
  openAi({ role: "assistant", content: "" }),
  ...words,
  openAi({ content: 'She said "stop" \\ and\nleft\t—' }),
  openAi({ content: "émoji 🚀 中文" }),
  ...words.slice(0, 5),
  `data: ${JSON.stringify({ id: "chatcmpl-AbC123", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
  `data: ${JSON.stringify({ id: "chatcmpl-AbC123", choices: [], usage: { prompt_tokens: 9, completion_tokens: 66 } })}\n\n`,
  "data: [DONE]\n\n",
];

describe("sseBody", () => {
  it("reads an OpenAI stream as eventsource-parser and a whole parse do, most text events from the bytes", () => {
    const body = Buffer.from(stream.join(""));
    const expected = reference(body);
    expect(expected).toHaveLength(stream.length - 1);
    const perEvent = read(body, eventEnds(stream));
    expect(perEvent.out).toEqual(expected);
    // The first two text chunks teach the template (the role-only one first, then the first word); the escaped
    // one is read by the parser, and the one after it too (the parser's text ended with the escaped event).
    expect(perEvent.fastEvents).toBeGreaterThanOrEqual(words.length - 1 + 4);
    const whole = read(body, []);
    expect(whole.out).toEqual(expected);
    expect(whole.fastEvents).toBe(0);
    for (let at = 1; at < body.length; at += 13) {
      expect(read(body, [at]).out, `split at ${at}`).toEqual(expected);
    }
  });

  it("reads events the bytes cannot: CRLF lines, comments, named events, ids, several data lines, no space", () => {
    const word = (text: string, end = "\n\n") => openAi({ content: text }).replace(/\n\n$/, end);
    const events = [
      "\uFEFF" + word("first"),
      word("second"),
      ": keep-alive\n\n",
      word("third"),
      word("crlf", "\r\n\r\n"),
      word("after crlf"),
      word("lone cr", "\r\r"),
      word("after cr"),
      "event: message\nid: 7\n" + word("named"),
      word("fourth"),
      "retry: 1000\n\n",
      'data: {"choices":[{"delta":\ndata: {"content":"two lines"}}]}\n\n',
      word("fifth"),
      // A data line whose event goes on in the next read: the template's event is part of it, not one of its own.
      "data: [1,\r\n",
      word("joined after CRLF"),
      "data: [2,\n",
      word("joined after LF"),
      openAi({ content: "no space" }).replace("data: ", "data:"),
      word("sixth"),
      'event: error\ndata: {"error":{"message":"overloaded"}}\n\n',
      "data: {not json\n\n",
      word("last, without its blank line", "\n"),
    ];
    const body = Buffer.from(events.join(""));
    const expected = reference(body);
    expect(read(body, eventEnds(events)).out).toEqual(expected);
    const random = randomSource(11);
    for (let i = 0; i < 200; i++) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.floor(random() * body.length));
      expect(
        read(
          body,
          cuts.sort((a, b) => a - b),
        ).out,
        `cuts ${cuts.join(",")}`,
      ).toEqual(expected);
    }
  });

  it("reads invalid UTF-8 and characters split between reads as the parser does", () => {
    const [head, tail] = openAi({ content: "\u0000" }).split('"\\u0000"') as [string, string];
    const event = (content: Buffer) => Buffer.concat([Buffer.from(`${head}"`), content, Buffer.from(`"${tail}`)]);
    const events = [
      event(Buffer.from("a")),
      event(Buffer.from("b")),
      event(Buffer.from([0x61, 0xff, 0x62])),
      event(Buffer.from([0xe4, 0xb8])),
      event(Buffer.from("中文 🚀")),
      event(Buffer.from("c")),
    ];
    const body = Buffer.concat(events);
    const expected = reference(body);
    const cuts = eventEnds(events.map((e) => e.toString("latin1")));
    const split = read(body, cuts);
    expect(split.out).toEqual(expected);
    expect(split.fastEvents).toBeGreaterThan(0);
    const character = body.indexOf(Buffer.from("中")) + 1;
    expect(
      read(
        body,
        [...cuts, character].sort((a, b) => a - b),
      ).out,
    ).toEqual(expected);
  });

  it("agrees with eventsource-parser and a whole parse on random events and reads", () => {
    const random = randomSource(5);
    const alphabet = ['"', "\\", "\n", "a", "b", " ", "é", "🚀", "{", "}", ":", ",", "\u0001", "/", "u"];
    const text = () =>
      Array.from({ length: Math.floor(random() * 6) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    for (let run = 0; run < 30; run++) {
      const events = Array.from({ length: 80 }, () => {
        const pick = random();
        if (pick < 0.8) return openAi({ content: random() < 0.7 ? ` w${Math.floor(random() * 100)}` : text() });
        if (pick < 0.85) return ": ping\n\n";
        if (pick < 0.9) return openAi({ content: text() }).replace(/\n\n$/, "\r\n\r\n");
        if (pick < 0.95) return openAi({}, { usage: { prompt_tokens: 1, completion_tokens: 2 } });
        return "data: [DONE]\n\n";
      });
      const body = Buffer.from(events.join(""));
      const ends = eventEnds(events);
      const cuts = ends.filter(() => random() < 0.8);
      for (let i = 0; i < 10; i++) cuts.push(Math.floor(random() * body.length));
      const result = read(
        body,
        cuts.sort((a, b) => a - b),
      );
      expect(result.out, `run ${run}`).toEqual(reference(body));
      expect(result.fastEvents, `run ${run}`).toBeGreaterThan(0);
    }
  });
});
