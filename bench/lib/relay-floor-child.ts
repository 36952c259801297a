/**
 * The relay's floor for bench/chat-relay.ts: what one streamed reply costs with nothing of the app around the relay
 * itself. A bare node:http server whose every POST is relayed through the same OpenAI-compatible client
 * (server/providers/llm/openai-chat-stream.ts: pooled `onread` sockets, paced reads) and the same frame sink
 * (server/modules/chat/frame-sink.ts: coalesced delta writes) as ours, with `start`, `delta`, `end` and `close`
 * messages of the stream's contract. No database (no context read, turn, checkpoints or final write), no sign-in,
 * no Hono or zod, no prompt building, no web stream: the request body is the upstream request itself, which the
 * bench captured from our server, so the stub gets the same prompt.
 *
 * The bench runs the same concurrent streams through it, with the same stub and clients, and prints our figures
 * over its figures: a ratio to a baseline measured in the same run, on the same loaded machine.
 *
 * Started like chat-server-child.ts (bundled: bundle-server-child.ts), with an IPC channel and the same window
 * figures (server-window-figures.ts). Environment: LLM_BASE_URL (the stub), BENCH_CHAT_CPU_PROF and
 * BENCH_CHAT_ALLOC_PROF as there.
 */
import http from "node:http";
import type net from "node:net";
import { performance } from "node:perf_hooks";
import { z } from "zod";
import { parseConfig } from "../../server/config";
import { addListenHandles, LISTEN_BACKLOG, listenHandleCount } from "../../server/http/listen-handles";
import { chunkedBodyWriter } from "../../server/modules/chat/chunked-body-writer";
import { createFrameSink, coalesceWindowMs } from "../../server/modules/chat/frame-sink";
import { CLOSE_FRAME } from "../../server/modules/chat/relay-frames";
import { replyNumber, replyPhase } from "../../server/modules/chat/reply-phases";
import { chatCompletionsTarget, streamChatCompletion } from "../../server/providers/llm/openai-chat-stream";
import { send, serveWindowFigures } from "./server-window-figures";

/** The upstream request our server sent the stub (bench/chat-relay.ts replays it as this server's request body). */
const upstreamBody = z.object({
  model: z.string(),
  messages: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() })).min(1),
  max_tokens: z.number().int().positive(),
});

const started = performance.now();
const baseUrl = process.env.LLM_BASE_URL;
if (!baseUrl) throw new Error("LLM_BASE_URL is required");
const target = chatCompletionsTarget(baseUrl);
let open = 0;
let nextId = 1;

const frame = (message: object) => `data: ${JSON.stringify(message)}\n\n`;

function relay(body: z.infer<typeof upstreamBody>, res: http.ServerResponse): void {
  const trace = replyNumber();
  replyPhase(trace, "received");
  const [system, ...messages] = body.messages;
  const upstream = new AbortController();
  const stream = streamChatCompletion(target, {
    model: body.model,
    system: system?.content ?? "",
    messages: messages.map((m) => ({ role: m.role === "assistant" ? "assistant" : "user", content: m.content })),
    maxOutputTokens: body.max_tokens,
    abortSignal: upstream.signal,
    demo: { characterName: "", userName: "", persona: "", scenario: "", greeting: "", userMessage: "" },
  });
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
  const sink = createFrameSink({ write: chunkedBodyWriter(res), end: () => res.end() }, () => coalesceWindowMs(open));
  const id = nextId++;
  open++;
  let text = "";
  sink.send(frame({ type: "start", session_id: String(id), message_id: id, model: body.model }));
  res.on("close", () => {
    if (!res.writableFinished) {
      sink.cancel();
      upstream.abort(new Error("client disconnected"));
    }
  });
  stream
    .pipeText(
      (piece) => {
        if (!text) replyPhase(trace, "first-text");
        text += piece;
        sink.delta(piece);
      },
      { holdMs: sink.readHoldMs },
    )
    .then(
      () => sink.send(frame({ type: "end", message: { id, role: "assistant", content: text, status: "complete" } })),
      (err: unknown) => sink.send(frame({ type: "error", error: { code: 1, msg: String(err) } })),
    )
    .finally(() => {
      open--;
      sink.send(CLOSE_FRAME);
      sink.close();
    });
}

const server = http.createServer((req, res) => {
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (raw += chunk));
  req.on("end", () => {
    let json: unknown = null;
    try {
      json = JSON.parse(raw);
    } catch {
      // answered as any other bad body
    }
    const body = upstreamBody.safeParse(json);
    if (!body.success) {
      res.writeHead(400).end();
      return;
    }
    relay(body.data, res);
  });
});

const figures = serveWindowFigures(() => open, "relay-floor");
const stop = () => {
  figures.stop();
  target.pool.close();
  for (const copy of copies) copy.close();
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
process.once("disconnect", stop);

// The same handles on its socket as our server's (server/http/listen-handles.ts).
const handles = listenHandleCount(
  parseConfig({ HTTP_LISTEN_HANDLES: process.env.HTTP_LISTEN_HANDLES }).HTTP_LISTEN_HANDLES,
);
let copies: net.Server[] = [];

// And the same backlog.
server.listen({ port: 0, host: "127.0.0.1", backlog: LISTEN_BACKLOG }, () => void announce());

async function announce(): Promise<void> {
  copies = await addListenHandles(server, handles - 1);
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the floor server has no port");
  send({
    type: "ready",
    port: address.port,
    tokens: [],
    robotId: 0,
    robotName: "",
    driver: "none",
    setupMs: performance.now() - started,
  });
}
