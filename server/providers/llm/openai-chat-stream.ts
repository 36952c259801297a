import http from "node:http";
import https from "node:https";
import { createParser } from "eventsource-parser";
import { readStreamChunk } from "./openai-stream-chunk";
import { LlmError, type ReplyRequest, type ReplyStream, type ReplyUsage } from "./types";

/** Where and how to POST chat completions; one per provider, shared by every reply. */
export interface ChatCompletionsTarget {
  url: URL;
  apiKey?: string;
  agent: http.Agent;
}

/** Read pieces waiting beyond this pause the upstream socket until the reader catches up. */
const MAX_QUEUED = 256;
const IDLE_SOCKET_MS = 4000;
/** An error answer is read up to this size, for its message. */
const MAX_ERROR_BODY = 64 * 1024;

export function chatCompletionsTarget(baseUrl: string, apiKey?: string): ChatCompletionsTarget {
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/chat/completions`);
  const Agent = url.protocol === "https:" ? https.Agent : http.Agent;
  // An idle connection is closed after 4 s (as undici's fetch does), before servers that keep one for 5 s
  // (uvicorn, so vLLM) close it under a request that was about to reuse it. Only idle sockets are closed.
  return { url, apiKey, agent: new Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) };
}

/**
 * One streamed reply from POST {baseUrl}/chat/completions, read straight off the socket: node:http, one SSE
 * parser (eventsource-parser), JSON.parse and a shape check per chunk (openai-stream-chunk.ts). The AI SDK's
 * provider ran each reply through fetch's body stream and three transform streams with a zod parse per chunk,
 * which was a third of the server's CPU with many replies open (bench/README.md, "Chat relay").
 *
 * The same promises as the other providers' streams (model-reply-stream.ts):
 * - The request starts at once; `textStream` can be iterated once, one delta per piece of text, or `pipeText`
 *   hands each piece to its callback from the socket's own data event (no promise per piece).
 * - Errors are thrown as LlmError: "upstream" for HTTP errors, connection failures, a connection cut mid-reply and
 *   in-stream error objects; "malformed" for a chunk that is not JSON or not a chat completion chunk.
 * - Abort: when `request.abortSignal` fires, `textStream` ends quietly and the connection is closed at once.
 *   Stopping early (`break`, an error) closes it too.
 * - `usage()` resolves once `textStream` has ended, however it ended; it never rejects. Figures are null when the
 *   upstream did not report them (always after an error or an abort).
 */
export function streamChatCompletion(target: ChatCompletionsTarget, request: ReplyRequest): ReplyStream {
  const pieces: string[] = [];
  let head = 0;
  let ended = false;
  let failure: LlmError | null = null;
  let usage: ReplyUsage | null = null;
  let wake: (() => void) | null = null;
  let paused = false;
  let response: http.IncomingMessage | undefined;
  /** pipeText's reader: each piece goes to it at once, and the end settles its promise (see pipeText). */
  let push: ((piece: string) => void) | null = null;
  let pushSettle: (() => void) | null = null;

  const notify = () => {
    if (pushSettle) return pushSettle();
    const resume = wake;
    wake = null;
    resume?.();
  };
  const fail = (error: LlmError) => {
    if (ended || failure) return;
    failure = error;
    req.destroy();
    notify();
  };
  const onAbort = () => {
    ended = true;
    req.destroy();
    notify();
  };

  let settleUsage: (usage: ReplyUsage) => void = () => undefined;
  const usagePromise = new Promise<ReplyUsage>((resolve) => {
    settleUsage = resolve;
  });

  const parser = createParser({
    onEvent(event) {
      if (ended || failure) return;
      const data = event.data;
      if (data === "[DONE]") return;
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        return fail(
          new LlmError(`malformed upstream stream: a chunk that is not JSON: ${data.slice(0, 80)}`, "malformed"),
        );
      }
      const chunk = readStreamChunk(payload);
      switch (chunk.kind) {
        case "text":
          if (chunk.usage) usage = chunk.usage;
          if (push) {
            try {
              push(chunk.text);
            } catch (err) {
              // The reader's own failure, thrown into the socket's data event: it ends the reading, not the process.
              fail(new LlmError(`the reply's reader failed: ${firstLine(String(err))}`, "upstream"));
            }
            return;
          }
          pieces.push(chunk.text);
          if (!paused && pieces.length - head > MAX_QUEUED) {
            paused = true;
            response?.pause();
          }
          notify();
          return;
        case "other":
          if (chunk.usage) usage = chunk.usage;
          return;
        case "error":
          return fail(new LlmError(`upstream error: ${firstLine(chunk.message)}`, "upstream"));
        case "malformed":
          return fail(new LlmError(`malformed upstream stream: ${chunk.reason}`, "malformed"));
      }
    },
  });

  const body = JSON.stringify({
    model: request.model,
    messages: [{ role: "system", content: request.system }, ...request.messages],
    max_tokens: request.maxOutputTokens,
    stream: true,
    stream_options: { include_usage: true },
  });
  const headers: http.OutgoingHttpHeaders = {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    accept: "text/event-stream",
  };
  if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
  const request_ = target.url.protocol === "https:" ? https.request : http.request;
  const req = request_(target.url, { method: "POST", headers, agent: target.agent }, (res) => {
    response = res;
    const status = res.statusCode ?? 0;
    res.setEncoding("utf8");
    if (status < 200 || status >= 300) {
      let text = "";
      res.on("data", (part: string) => {
        if (text.length < MAX_ERROR_BODY) text += part;
      });
      res.on("end", () => fail(new LlmError(`upstream HTTP ${status}: ${errorMessage(text)}`, "upstream")));
      return;
    }
    res.on("data", (part: string) => parser.feed(part));
    res.on("end", () => {
      if (failure) return;
      ended = true;
      notify();
    });
    res.on("close", () => {
      if (!res.complete)
        fail(new LlmError("upstream failed: the connection closed before the reply ended", "upstream"));
    });
  });
  req.on("error", (err) => fail(new LlmError(`upstream request failed: ${firstLine(err.message)}`, "upstream")));

  const signal = request.abortSignal;
  if (signal.aborted) onAbort();
  else {
    signal.addEventListener("abort", onAbort, { once: true });
    req.end(body);
  }

  /** The reading is over, however it ended: the connection is closed unless the reply ended, and usage settles. */
  const release = (finished: boolean) => {
    signal.removeEventListener("abort", onAbort);
    if (!finished) req.destroy();
    settleUsage(finished && usage ? usage : { inputTokens: null, outputTokens: null });
  };

  function pipeText(onPiece: (piece: string) => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // Pieces that came before the reader did.
      for (; head < pieces.length && !signal.aborted; head++) onPiece(pieces[head] ?? "");
      pieces.length = 0;
      head = 0;
      const settle = () => {
        if (signal.aborted) {
          pushSettle = () => undefined;
          release(false);
          resolve();
        } else if (failure) {
          pushSettle = () => undefined;
          release(false);
          reject(failure);
        } else if (ended) {
          pushSettle = () => undefined;
          release(true);
          resolve();
        }
      };
      push = onPiece;
      pushSettle = settle;
      if (paused) {
        paused = false;
        response?.resume();
      }
      settle();
    });
  }

  async function* text(): AsyncGenerator<string> {
    let finished = false;
    try {
      for (;;) {
        while (head < pieces.length) {
          const piece = pieces[head] ?? "";
          pieces[head++] = "";
          if (signal.aborted) return;
          yield piece;
        }
        pieces.length = 0;
        head = 0;
        if (paused) {
          paused = false;
          response?.resume();
        }
        if (signal.aborted) return;
        if (failure) throw failure;
        if (ended) {
          finished = true;
          return;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    } finally {
      release(finished);
    }
  }

  return { textStream: text(), pipeText, usage: () => usagePromise };
}

/** The message of an OpenAI-style error body ({"error": {"message": ...}}), else its first line. */
function errorMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && "error" in parsed) {
      const error: unknown = parsed.error;
      if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string")
        return firstLine(error.message);
      if (typeof error === "string") return firstLine(error);
    }
  } catch {
    // not JSON: the text itself
  }
  return firstLine(body) || "(no body)";
}

function firstLine(message: string): string {
  return (message.split("\n")[0] ?? "").slice(0, 300);
}
