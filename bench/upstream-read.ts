/**
 * What reading a streamed reply off the upstream costs the server, the JavaScript alone (no sockets, no event loop):
 * a 300-word OpenAI-compatible reply, the bytes the bench's stub sends (tests/support/openai-stub-server.mjs: one
 * chunk of chunked coding a word), handed to our client (openai-chat-stream.ts: streamed-post.ts, chunked-body.ts,
 * sse-body.ts, the chunk template) as a socket's reads, against the plain libraries' reading of the same bytes in the
 * same run: http-parser-js for the whole response, a string decoder, eventsource-parser and a JSON parse a chunk.
 *
 *   npm run bench:upstream-read
 *   #   --replies N (2000 a round)  --rounds N (5, each way in turn)  --per-read N,N (1,13: the chunks a read carries)
 *
 * 13 chunks a read is what a paced read carries at 200 open (a word every 15 ms, a 200 ms window); 1 is an unpaced
 * reader. Prints µs a reply each way (the median round), their ratio, and young-generation collections per 1,000
 * replies (PerformanceObserver "gc", minor): what the reading leaves for the collector. Both ways must read the same
 * text, or the bench fails.
 */
import type net from "node:net";
import { constants, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";
import { StringDecoder } from "node:string_decoder";
import { createParser } from "eventsource-parser";
import { HTTPParser } from "http-parser-js";
import { chatCompletionsTarget, streamChatCompletion } from "../server/providers/llm/openai-chat-stream";
import { readStreamChunk } from "../server/providers/llm/openai-stream-chunk";
import type { UpstreamConnection, UpstreamPool } from "../server/providers/llm/upstream-pool";
import { eachFlag, intFlag, machineLine, out, percentile, printTable, runBench } from "./lib/harness";

interface Options {
  replies: number;
  rounds: number;
  perRead: number[];
}

function parseOptions(argv: string[]): Options {
  const options: Options = { replies: 2000, rounds: 5, perRead: [1, 13] };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--replies") options.replies = intFlag(flag, value(), 1);
    else if (flag === "--rounds") options.rounds = intFlag(flag, value(), 1);
    else if (flag === "--per-read") options.perRead = (value() ?? "").split(",").map((n) => intFlag(flag, n, 1));
    else throw new Error(`unknown argument ${arg}`);
  });
  return options;
}

const WORDS = 300;

/** The stub's reply as socket reads: its head, the role chunk, the words `perRead` chunks a read, the end. */
function replyReads(perRead: number): Buffer[] {
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({
      id: "chatcmpl-bench0001",
      object: "chat.completion.chunk",
      created: 1764300000,
      model: "stub-model",
      system_fingerprint: null,
      choices,
      usage: null,
      ...extra,
    })}\n\n`;
  const delta = (content: string, role?: string) => [
    { index: 0, delta: role ? { role, content } : { content }, logprobs: null, finish_reason: null },
  ];
  const coded = (text: string) => `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
  const words = Array.from({ length: WORDS }, (_, i) => `${i ? " " : ""}word${i % 50}é`);
  const reads = [
    Buffer.from(
      "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream; charset=utf-8\r\ncache-control: no-cache\r\n" +
        "connection: keep-alive\r\ndate: Sun, 29 Nov 2026 08:00:00 GMT\r\ntransfer-encoding: chunked\r\n\r\n",
    ),
    Buffer.from(coded(chunk(delta("", "assistant")))),
  ];
  for (let i = 0; i < WORDS; i += perRead) {
    reads.push(
      Buffer.from(
        words
          .slice(i, i + perRead)
          .map((w) => coded(chunk(delta(w))))
          .join(""),
      ),
    );
  }
  const usage = { prompt_tokens: 1200, completion_tokens: WORDS, total_tokens: 1200 + WORDS };
  reads.push(
    Buffer.from(
      coded(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: "stop" }])) +
        coded(chunk([], { usage })) +
        coded("data: [DONE]\n\n") +
        "0\r\n\r\n",
    ),
  );
  return reads;
}

/** The pool's shared read buffer: each read is copied in, as the socket's onread fills it. */
const shared = Buffer.alloc(64 * 1024);

function deliver(reads: Buffer[], onData: (bytes: Buffer) => void): void {
  for (const read of reads) {
    read.copy(shared);
    onData(shared.subarray(0, read.length));
  }
}

/** Ours: the provider's client over a connection whose reads the bench hands in. */
function oursReader(): (reads: Buffer[]) => Promise<string> {
  let connection: UpstreamConnection | null = null;
  const socket = { write: () => true, pause: () => undefined, resume: () => undefined } as unknown as net.Socket;
  const pool: UpstreamPool = {
    origin: new URL("http://upstream.bench:8080"),
    acquire: () => {
      connection = { socket, reused: false, onData: () => undefined, onClose: () => undefined };
      return connection;
    },
    release: () => undefined,
    close: () => undefined,
  };
  const target = { ...chatCompletionsTarget("http://upstream.bench:8080/v1"), pool };
  const demo = { characterName: "", userName: "", persona: "", scenario: "", greeting: "", userMessage: "" };
  return async (reads) => {
    const stream = streamChatCompletion(target, {
      model: "m",
      system: "s",
      messages: [{ role: "user", content: "hi" }],
      maxOutputTokens: 1000,
      abortSignal: new AbortController().signal,
      demo,
    });
    let text = "";
    const done = stream.pipeText((piece) => {
      text += piece;
    });
    const reading = connection as UpstreamConnection | null;
    if (!reading) throw new Error("the client asked for no connection");
    deliver(reads, (bytes) => reading.onData(bytes));
    await done;
    return text;
  };
}

/** The libraries alone: http-parser-js, a string decoder, eventsource-parser, a JSON parse a chunk. */
function plainReader(): (reads: Buffer[]) => Promise<string> {
  return (reads) => {
    let text = "";
    const parser = new HTTPParser(HTTPParser.RESPONSE);
    const decoder = new StringDecoder("utf8");
    const events = createParser({
      onEvent: (event) => {
        if (event.data === "[DONE]") return;
        const chunk = readStreamChunk(JSON.parse(event.data));
        if (chunk.kind === "text") text += chunk.text;
      },
    });
    parser[HTTPParser.kOnHeadersComplete] = () => 0;
    parser[HTTPParser.kOnBody] = (chunk, offset, length) => {
      events.feed(decoder.write(chunk.subarray(offset, offset + length)));
    };
    parser[HTTPParser.kOnMessageComplete] = () => undefined;
    deliver(reads, (bytes) => {
      const parsed = parser.execute(bytes);
      if (parsed instanceof Error) throw parsed;
    });
    return Promise.resolve(text);
  };
}

interface Round {
  usPerReply: number;
  minorGcs: number;
}

async function round(read: (reads: Buffer[]) => Promise<string>, reads: Buffer[], replies: number): Promise<Round> {
  let minorGcs = 0;
  const count = (entries: PerformanceEntry[]) => {
    for (const entry of entries) {
      const detail = (entry as { detail?: { kind?: number } }).detail;
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minorGcs++;
    }
  };
  const observer = new PerformanceObserver((list) => count(list.getEntries()));
  observer.observe({ entryTypes: ["gc"] });
  const started = process.hrtime.bigint();
  for (let i = 0; i < replies; i++) await read(reads);
  const usPerReply = Number(process.hrtime.bigint() - started) / 1000 / replies;
  // Collections are recorded at the end of a turn of the loop; those not yet handed to the observer are taken.
  await new Promise((resolve) => setImmediate(resolve));
  count(observer.takeRecords());
  observer.disconnect();
  return { usPerReply, minorGcs };
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  out(`upstream read bench — ${new Date().toISOString()}`);
  out(machineLine());
  out(
    `a ${WORDS}-word streamed reply as the stub sends it; ${opts.replies} replies a round, ${opts.rounds} rounds each way in turn\n`,
  );
  const ways = { ours: oursReader(), plain: plainReader() };
  for (const perRead of opts.perRead) {
    const reads = replyReads(perRead);
    const expected = await ways.plain(reads);
    const ours = await ways.ours(reads);
    if (ours !== expected || expected.split(" ").length !== WORDS)
      throw new Error(`the two ways read different text (${ours.length} and ${expected.length} characters)`);
    // Warm both ways up, so that V8 has compiled what each calls.
    for (const read of [ways.ours, ways.plain]) await round(read, reads, opts.replies);
    const figures: Record<"ours" | "plain", Round[]> = { ours: [], plain: [] };
    for (let r = 0; r < opts.rounds; r++) {
      figures.plain.push(await round(ways.plain, reads, opts.replies));
      figures.ours.push(await round(ways.ours, reads, opts.replies));
    }
    const median = (rounds: Round[], pick: (r: Round) => number) => percentile(rounds.map(pick), 50);
    const us = { ours: median(figures.ours, (r) => r.usPerReply), plain: median(figures.plain, (r) => r.usPerReply) };
    const gcs = (rounds: Round[]) =>
      (rounds.reduce((n, r) => n + r.minorGcs, 0) * 1000) / (rounds.length * opts.replies);
    out(`${perRead} chunk${perRead === 1 ? "" : "s"} a read (${reads.length} reads a reply):`);
    printTable(
      ["way", "µs a reply (median round)", "rounds (µs a reply)", "young collections per 1,000 replies"],
      (["plain", "ours"] as const).map((way) => [
        way,
        us[way].toFixed(1),
        figures[way].map((r) => r.usPerReply.toFixed(0)).join(", "),
        gcs(figures[way]).toFixed(1),
      ]),
      "  ",
    );
    out(`  ours / plain: ${(us.ours / us.plain).toFixed(2)}\n`);
  }
}

void runBench("upstream read bench", main);
