import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type OpenAiStub, startOpenAiStub } from "@/tests/support/openai-stub-server.mjs";

/**
 * The stub keeps a model's pace when its own process falls behind (bench/chat-relay.ts runs it beside a thousand
 * clients): the words that came due meanwhile go out together, each its own event, rather than one per timer.
 */
let stub: OpenAiStub;

beforeAll(async () => {
  stub = await startOpenAiStub({ tokenDelayMs: 2 });
});

afterAll(async () => {
  await stub.close();
});

const WORD_EVENT = /^data: (\{.*\})$/gm;

/** The content of each text event in a piece of the body, in order. */
function wordsIn(piece: string): string[] {
  const words: string[] = [];
  for (const [, json] of piece.matchAll(WORD_EVENT)) {
    const content: unknown = (JSON.parse(json ?? "") as { choices: { delta: { content?: unknown } }[] }).choices[0]
      ?.delta.content;
    if (typeof content === "string" && content) words.push(content);
  }
  return words;
}

/** Streams a [[long]] reply; `onPiece` sees each piece of the body as node:http hands it over. */
function streamLong(onPiece: (piece: string) => void): Promise<void> {
  const body = JSON.stringify({ model: "m", stream: true, messages: [{ role: "user", content: "Go on [[long]]" }] });
  return new Promise((resolve, reject) => {
    const req = http.request(`${stub.baseUrl}/chat/completions`, { method: "POST" }, (res) => {
      res.setEncoding("utf8");
      res.on("data", onPiece);
      res.on("end", resolve);
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

it("sends the words that came due while its process was busy in one write, each its own event, in order", async () => {
  const steady: string[] = [];
  await streamLong((piece) => steady.push(...wordsIn(piece)));
  expect(steady).toHaveLength(300);

  const words: string[] = [];
  const wordsPerPiece: number[] = [];
  await streamLong((piece) => {
    const got = wordsIn(piece);
    words.push(...got);
    wordsPerPiece.push(got.length);
    if (words.length === got.length && got.length) {
      // The process is busy (no timer can run) for what would be 25 words' time.
      const until = performance.now() + 50;
      while (performance.now() < until);
    }
  });
  // node:http hands over each chunk of the body as its own piece: without catching up, one word each.
  expect(Math.max(...wordsPerPiece)).toBeGreaterThan(1);
  expect(words).toEqual(steady);
});
