/**
 * A real OpenAI-compatible HTTP server for tests, the e2e suite and benchmarks (node:http, no dependencies).
 *
 *   GET  /v1/models            a fixed model list
 *   POST /v1/chat/completions  stream: true -> SSE chunks in OpenAI's format, then `data: [DONE]`;
 *                              stream: false -> one JSON completion
 *
 * The reply is deterministic: `Reply from {model}: you said "{first 80 chars of the last user message}".`, one
 * word per chunk, `tokenDelayMs` apart (word i is due i + 1 delays after the first chunk: a stub that fell behind
 * sends the words that came due in one write, each its own chunk). `max_tokens` (or `max_completion_tokens`) cuts
 * it at that many words with finish_reason "length". Directives in the LAST user message change the behaviour:
 *
 *   [[slow]]      40 words, 250 ms apart (to test a Stop button)
 *   [[slow-once]] the same 40 words, 250 ms apart the first time the stub sees this exact message and at the usual
 *                 pace after that (a reply stopped while it is written, then regenerated: only the first is slow)
 *   [[long]]      300 words
 *   [[markdown]]  markdown with a code block, links (one `javascript:`) and a raw <script> tag
 *   [[rich]]      markdown with every construct chat renders: actions, a wide table, a quote, a list, a code block,
 *                 links and an image (also non-https ones) and raw HTML; a few characters per chunk
 *   [[fail]]      HTTP 500 with an OpenAI-style error body
 *   [[stall]]     200 and SSE headers, then nothing until the client goes away
 *   [[malformed]] one good chunk, then `data: {not json`, then the end of the response
 *   [[cut]]       3 words, then the socket is destroyed
 *   [[system]]    the system prompt's sections it received (from its first "## " heading on), a line per chunk, so
 *                 a browser test can read what went into the prompt (a persona, lorebook entries)
 *
 * With `apiKey` set, a request without `Authorization: Bearer <apiKey>` gets a 401 OpenAI-style error.
 * `stats.requests` counts chat completion requests, `stats.completed` responses sent in full, `stats.aborted`
 * responses the client walked away from (not the stub's own [[cut]]), `stats.chunks` streamed chunks of text.
 * `requests` holds the parsed bodies.
 * `until(stat, count)` resolves once a counter ("requests", "completed", "aborted", or "accepted": the length of
 * `requests`) has reached count, so a test waits for the stub's side of an event rather than for time.
 *
 * CLI: node tests/support/openai-stub-server.mjs [--port 3212] [--host 127.0.0.1] [--token-delay-ms 15]
 *      [--api-key KEY]; prints one "listening" line and exits cleanly on SIGTERM or SIGINT.
 */
import http from "node:http";
import https from "node:https";
import { pathToFileURL } from "node:url";

const SLOW_WORDS = 40;
const SLOW_DELAY_MS = 250;
const LONG_WORDS = 300;
const CUT_AFTER_WORDS = 3;
const ECHO_CHARS = 80;
const MODELS = ["demo-standard", "demo-premium", "stub-model"];

const MARKDOWN_REPLY = [
  "Here is some **bold** text, some *italic* text and a bit of `inline code`.",
  "",
  "- first point",
  "- second point",
  "",
  "```js",
  "const answer = 42;",
  "console.log(answer);",
  "```",
  "",
  "Read the [docs](https://example.com/docs), but never click [bad](javascript:alert(1)).",
  "",
  "<script>alert(1)</script>",
].join("\n");

const RICH_REPLY = [
  "*leans on the console, eyes on the manifest* Here is the cargo, **captain**. See the [harbour log](https://log.example/cargo).",
  "",
  "| Item | Quantity | Hold | Condition | Note |",
  "|:--|:-:|:-:|:--|--:|",
  "| Rope | 12 | A | *good* | long coils |",
  "| Lamp oil | 4 | B | sealed | `flammable` |",
  "| Spare sails | 2 | A | patched | ~~torn~~ mended |",
  "",
  "> The sea does not forgive a loose knot.",
  "",
  "1. Secure the hold",
  "2. Count the barrels",
  "   - twice, *slowly*",
  "",
  "```ts",
  "function total(items: { qty: number }[]): number {",
  "  return items.reduce((sum, item) => sum + item.qty, 0);",
  "}",
  "```",
  "",
  "Not links: [plain](http://example.com) and [evil](javascript:alert(1)); not images: ![a gull](http://img.example/gull.png) ![a crab](data:image/png;base64,AAAA). <b>Raw</b> stays text.",
  "",
  "*taps the table twice* Anything else before we sail?",
].join("\n");

const FILLER = "the quick brown fox jumps over a lazy dog while the stub keeps on talking".split(" ");

/** On a socket: when the stub took the connection, and whether it has served a request (its `starts`). */
const CONNECTED_AT = Symbol("connectedAt");
const SERVED = Symbol("served");

/** Starts the stub; resolves once it listens. */
export async function startOpenAiStub({ port = 0, host = "127.0.0.1", tokenDelayMs = 15, apiKey, tls } = {}) {
  const stats = { requests: 0, completed: 0, aborted: 0, chunks: 0 };
  const requests = [];
  const starts = [];
  /** The [[slow-once]] messages answered so far. */
  const slowSeen = new Set();
  const waiters = new Set();
  const read = (stat) => (stat === "accepted" ? requests.length : stats[stat]);
  const changed = () => {
    for (const waiter of waiters) {
      if (read(waiter.stat) < waiter.count) continue;
      waiters.delete(waiter);
      waiter.resolve(undefined);
    }
  };
  const until = (stat, count) =>
    new Promise((resolve) => {
      waiters.add({ stat, count, resolve });
      changed();
    });
  const answer = (req, res) => {
    handle(req, res, { stats, requests, starts, slowSeen, tokenDelayMs, apiKey, changed }).catch((err) => {
      if (!res.headersSent) sendError(res, 500, String(err), "server_error");
      else res.destroy();
    });
  };
  const server = tls ? https.createServer(tls, answer) : http.createServer(answer);
  server.on(tls ? "secureConnection" : "connection", (socket) => {
    socket[CONNECTED_AT] = performance.now();
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    // A provider's queue for a crowd's connections, as our server's (LISTEN_BACKLOG in server/http/listen-handles.ts).
    server.listen({ port, host, backlog: 4096 }, () => {
      server.off("error", reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    baseUrl: `${tls ? "https" : "http"}://${urlHost}:${actualPort}/v1`,
    port: actualPort,
    server,
    stats,
    requests,
    starts,
    until,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}

async function handle(req, res, ctx) {
  const url = new URL(req.url ?? "/", "http://stub");
  if (req.method === "GET" && url.pathname === "/v1/models") {
    if (!authorised(req, ctx.apiKey)) return sendUnauthorised(res);
    const created = Math.floor(Date.now() / 1000);
    return sendJson(res, 200, {
      object: "list",
      data: MODELS.map((id) => ({ id, object: "model", created, owned_by: "kewl-stub" })),
    });
  }
  if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") {
    return sendError(res, 404, `Unknown route ${req.method} ${url.pathname}`, "invalid_request_error", "not_found");
  }
  const receivedAt = performance.now();
  const connectedAt = req.socket[CONNECTED_AT] ?? receivedAt;
  const reused = req.socket[SERVED] === true;
  req.socket[SERVED] = true;
  ctx.stats.requests += 1;
  ctx.changed();
  const raw = await readBody(req);
  if (!authorised(req, ctx.apiKey)) return sendUnauthorised(res);
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    return sendError(res, 400, "The request body is not valid JSON.", "invalid_request_error");
  }
  if (!body || typeof body.model !== "string" || !Array.isArray(body.messages)) {
    return sendError(res, 400, "`model` (string) and `messages` (array) are required.", "invalid_request_error");
  }
  ctx.requests.push(body);
  const done = complete(req, res, body, { ...ctx, receivedAt, connectedAt, reused });
  ctx.changed();
  await done;
}

async function complete(req, res, body, ctx) {
  const userText = lastUserText(body.messages);
  const has = (directive) => userText.includes(`[[${directive}]]`);
  if (has("fail")) return sendError(res, 500, "The stub failed on purpose ([[fail]]).", "server_error", "stub_failure");

  // Every way the response can end is tracked here, so a client disconnect is told apart from a finished reply.
  const state = { cutByStub: false };
  const gone = new AbortController();
  res.on("close", () => {
    gone.abort();
    if (res.writableFinished) ctx.stats.completed += 1;
    else if (!state.cutByStub) ctx.stats.aborted += 1;
    ctx.changed();
  });
  req.socket.setNoDelay(true);

  const model = body.model;
  const words = replyWords(model, userText, has, systemText(body.messages));
  const limit = positiveInt(body.max_tokens) ?? positiveInt(body.max_completion_tokens);
  const sent = limit !== undefined && limit < words.length ? words.slice(0, limit) : words;
  const finishReason = sent.length < words.length ? "length" : "stop";
  const usage = {
    prompt_tokens: estimatePromptTokens(body.messages),
    completion_tokens: sent.length,
    total_tokens: estimatePromptTokens(body.messages) + sent.length,
  };
  const slowFirst = has("slow-once") && !ctx.slowSeen.has(userText);
  if (has("slow-once")) ctx.slowSeen.add(userText);
  const delayMs = has("slow") || slowFirst ? SLOW_DELAY_MS : ctx.tokenDelayMs;
  const id = `chatcmpl-stub${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const created = Math.floor(Date.now() / 1000);

  if (body.stream !== true) {
    if (has("stall")) return; // holds the request open until the client goes away
    if (has("cut")) {
      state.cutByStub = true;
      return res.socket?.destroy();
    }
    if (has("malformed")) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end("{not json");
    }
    await sleep(delayMs, gone.signal);
    if (gone.signal.aborted) return;
    return sendJson(res, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      system_fingerprint: null,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: sent.join("") },
          logprobs: null,
          finish_reason: finishReason,
        },
      ],
      usage,
    });
  }

  const includeUsage = body.stream_options?.include_usage === true;
  const chunk = (choices, extra = {}) =>
    `data: ${JSON.stringify({
      id,
      object: "chat.completion.chunk",
      created,
      model,
      system_fingerprint: null,
      choices,
      ...(includeUsage ? { usage: null } : {}),
      ...extra,
    })}\n\n`;
  const delta = (content, role) => [
    { index: 0, delta: role ? { role, content } : { content }, logprobs: null, finish_reason: null },
  ];

  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  res.flushHeaders();
  if (has("stall")) return;
  res.write(chunk(delta("", "assistant")));

  // The words: one timer per write and no promise, so that a thousand streams (bench/chat-relay.ts) cost the
  // bench's process little besides the writes. Each write goes out after the last reached the socket, so [[cut]]
  // drops none still buffered in Node. Word i is due i + 1 delays after the first chunk, as a model generates at its
  // own pace whoever reads: a stub that falls behind (a crowd on a shared machine) sends the words that are due in
  // one write, each its own chunk, rather than stretching the reply (1,000 streams on 2 cores: 4.5 s became 6-7 s).
  const [wordHead, wordTail] = chunk(delta("\u0000")).split('"\\u0000"');
  const wordChunk = (word) => wordHead + JSON.stringify(word) + wordTail;
  const cut = has("cut");
  const malformed = has("malformed");
  const startedAt = performance.now();
  const dueAt = (index) => startedAt + (index + 1) * delayMs;
  const start = {
    connectedAt: ctx.connectedAt,
    reused: ctx.reused,
    receivedAt: ctx.receivedAt,
    headAt: startedAt,
    firstWordAt: null,
  };
  ctx.starts.push(start);
  await new Promise((resolve) => {
    let index = 0;
    let timer;
    gone.signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      { once: true },
    );
    const finish = () => {
      res.write(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReason }]));
      if (includeUsage) res.write(chunk([], { usage }));
      res.end("data: [DONE]\n\n");
      resolve(undefined);
    };
    const next = () => {
      if (gone.signal.aborted) return;
      if (cut && index === CUT_AFTER_WORDS) {
        state.cutByStub = true;
        res.socket?.destroy();
        return resolve(undefined);
      }
      const now = performance.now();
      const first = index;
      if (first === 0) start.firstWordAt = now;
      let words = wordChunk(sent[index++]);
      while (!cut && !malformed && index < sent.length && dueAt(index) <= now) words += wordChunk(sent[index++]);
      ctx.stats.chunks += index - first;
      res.write(words, () => {
        if (gone.signal.aborted) return;
        if (malformed) {
          res.write("data: {not json\n\n");
          res.end();
          return resolve(undefined);
        }
        if (index < sent.length) timer = setTimeout(next, Math.max(0, dueAt(index) - performance.now()));
        else finish();
      });
    };
    if (sent.length) timer = setTimeout(next, delayMs);
    else finish();
  });
}

/**
 * The reply, split into chunks of one word each with its leading whitespace, so the chunks join back exactly
 * ([[rich]]: 6 characters each, so markdown constructs arrive cut in the middle; [[system]]: a line each, since a
 * prompt of several hundred words took seconds a word at a time and the tests read only what it says).
 */
function replyWords(model, userText, has, system) {
  let text;
  if (has("markdown")) text = MARKDOWN_REPLY;
  else if (has("rich")) return RICH_REPLY.match(/[\s\S]{1,6}/g) ?? [];
  else if (has("system"))
    return (
      `System prompt: ${system.slice(Math.max(0, system.indexOf("## ")))}`.match(/[^\n]*\n?/g)?.filter(Boolean) ?? []
    );
  else if (has("long")) text = fillerWords(`Long reply from ${model}:`, LONG_WORDS);
  else if (has("slow") || has("slow-once")) text = fillerWords(`Slow reply from ${model}:`, SLOW_WORDS);
  else {
    const echo = userText.replace(/\s+/g, " ").trim().slice(0, ECHO_CHARS);
    text = `Reply from ${model}: you said "${echo}".`;
  }
  return text.match(/\s*\S+/g) ?? [];
}

function fillerWords(opening, total) {
  const words = opening.split(" ");
  for (let i = 0; words.length < total; i += 1) words.push(FILLER[i % FILLER.length]);
  return words.join(" ");
}

function systemText(messages) {
  const system = messages.find((m) => m && m.role === "system");
  return system && typeof system.content === "string" ? system.content : "";
}

function lastUserText(messages) {
  const last = [...messages].reverse().find((m) => m && m.role === "user");
  if (!last) return "";
  if (typeof last.content === "string") return last.content;
  if (Array.isArray(last.content)) {
    return last.content
      .filter((part) => part && part.type === "text" && typeof part.text === "string")
      .map((part) => part.text)
      .join("\n");
  }
  return "";
}

function estimatePromptTokens(messages) {
  const chars = messages.reduce((sum, m) => sum + (typeof m?.content === "string" ? m.content.length : 0), 0);
  return Math.ceil(chars / 4) + 4 * messages.length;
}

function positiveInt(value) {
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function authorised(req, apiKey) {
  return !apiKey || req.headers.authorization === `Bearer ${apiKey}`;
}

function sendUnauthorised(res) {
  return sendError(res, 401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
}

function sendError(res, status, message, type, code = null) {
  return sendJson(res, status, { error: { message, type, param: null, code } });
}

function sendJson(res, status, value) {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    req.on("data", (part) => parts.push(part));
    req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    req.on("error", reject);
  });
}

function sleep(ms, signal) {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(undefined);
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve(undefined);
    }
  });
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    const number = () => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a whole number, got ${value}`);
      return n;
    };
    if (flag === "--port") options.port = number();
    else if (flag === "--token-delay-ms") options.tokenDelayMs = number();
    else if (flag === "--host" && value) options.host = value;
    else if (flag === "--api-key" && value) options.apiKey = value;
    else throw new Error(`Unknown or incomplete option ${flag}`);
    i += 1;
  }
  return options;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`openai-stub: ${err.message}`);
    console.error(
      "usage: node tests/support/openai-stub-server.mjs [--port N] [--host H] [--token-delay-ms N] [--api-key KEY]",
    );
    process.exit(2);
  }
  const stub = await startOpenAiStub({ port: 3212, ...options });
  console.log(`openai-stub listening on ${stub.baseUrl}`);
  const stop = () => stub.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
