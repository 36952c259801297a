import { StringDecoder } from "node:string_decoder";
import type { StreamChunk } from "./openai-stream-chunk";
import { sseBody } from "./sse-body";
import { createStreamChunkReader } from "./stream-chunk-template";
import { streamedPost, type StreamedPost } from "./streamed-post";
import { LlmError, type ReadPacing, type ReplyRequest, type ReplyStream, type ReplyUsage } from "./types";
import { createUpstreamPool, type UpstreamPool } from "./upstream-pool";

/** Where and how to POST chat completions; one per provider, shared by every reply. */
export interface ChatCompletionsTarget {
  url: URL;
  apiKey?: string;
  pool: UpstreamPool;
}

/** Read pieces waiting beyond this pause the upstream socket until the reader catches up. */
const MAX_QUEUED = 256;
/**
 * Before anyone reads the reply (the model is asked while the turn is stored), the socket is paused once text has
 * come: the rest waits in the kernel and arrives in one read when the reader comes. With 1,000 replies begun at
 * once the turns finish seconds after the requests, and every word of every waiting reply was read as it came:
 * pausing took the server's reads from about 110,000 to 65,000 and, on PGlite with 200 replies, time to first
 * token p95 from 1.3-1.5 s to 0.8-0.95 s (bench/README.md, "Issue 16, fifth session").
 */
const QUEUED_WITHOUT_READER = 1;
/** An error answer is read up to this size, for its message. */
const MAX_ERROR_BODY = 64 * 1024;

export function chatCompletionsTarget(baseUrl: string, apiKey?: string): ChatCompletionsTarget {
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}/chat/completions`);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`LLM_BASE_URL must be an http or https URL, got ${url.protocol}`);
  return { url, apiKey, pool: createUpstreamPool(url) };
}

/**
 * One streamed reply from POST {baseUrl}/chat/completions, read straight off the socket: streamed-post.ts (a
 * kept-alive connection, http-parser-js for the head), one SSE parser (eventsource-parser, sse-body.ts), and per
 * chunk a shape check of its JSON (openai-stream-chunk.ts), parsed whole or, for the text chunks after the first,
 * its content string alone, read from the body's bytes where the events come whole (stream-chunk-template.ts).
 * The AI SDK's provider ran each reply through fetch's body stream and three transform streams with a zod parse
 * per chunk, which was a third of the server's CPU with many replies open, and node:http's response stream after it
 * still cost 24 µs a piece (bench/README.md, "Issue 16, third session").
 *
 * The same promises as the other providers' streams (model-reply-stream.ts):
 * - The request starts at once; `textStream` can be iterated once, one delta per piece of text, or `pipeText`
 *   hands each piece to its callback from the socket's own read (no promise per piece) and, with `pacing`, reads
 *   the socket no more often than the reader writes.
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
  /** pipeText was called or textStream is being iterated. */
  let reading = false;
  let post: StreamedPost | undefined;
  /** pipeText's reader: each piece goes to it at once, and the end settles its promise (see pipeText). */
  let push: ((piece: string) => void) | null = null;
  let pushSettle: (() => void) | null = null;
  /** pipeText's pacing: after a read that carried text (not the first), nothing is read for holdMs(). */
  let pacing: ReadPacing | undefined;
  let sawText = false;
  let textThisRead = false;

  const notify = () => {
    if (pushSettle) return pushSettle();
    const resume = wake;
    wake = null;
    resume?.();
  };
  const fail = (error: LlmError) => {
    if (ended || failure) return;
    failure = error;
    post?.destroy();
    notify();
  };
  const onAbort = () => {
    ended = true;
    post?.destroy();
    notify();
  };

  let settleUsage: (usage: ReplyUsage) => void = () => undefined;
  const usagePromise = new Promise<ReplyUsage>((resolve) => {
    settleUsage = resolve;
  });

  const chunks = createStreamChunkReader();
  const onChunk = (chunk: StreamChunk) => {
    if (ended || failure) return;
    switch (chunk.kind) {
      case "text":
        if (chunk.usage) usage = chunk.usage;
        if (push) {
          textThisRead = true;
          try {
            push(chunk.text);
          } catch (err) {
            // The reader's own failure, thrown into the socket's read: it ends the reading, not the process.
            fail(new LlmError(`the reply's reader failed: ${firstLine(String(err))}`, "upstream"));
          }
          return;
        }
        pieces.push(chunk.text);
        if (!paused && pieces.length - head >= (reading ? MAX_QUEUED + 1 : QUEUED_WITHOUT_READER)) {
          paused = true;
          post?.pause();
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
  };
  const events = sseBody({
    fast: (buf, start, end) => chunks.readEvents(buf, start, end, onChunk),
    onData(data) {
      if (ended || failure || data === "[DONE]") return;
      const chunk = chunks.read(data);
      if (chunk) return onChunk(chunk);
      fail(new LlmError(`malformed upstream stream: a chunk that is not JSON: ${data.slice(0, 80)}`, "malformed"));
    },
  });

  const body = JSON.stringify({
    model: request.model,
    messages: [{ role: "system", content: request.system }, ...request.messages],
    max_tokens: request.maxOutputTokens,
    stream: true,
    stream_options: { include_usage: true },
  });
  const headers: Record<string, string> = { "content-type": "application/json", accept: "text/event-stream" };
  if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;

  let status = 0;
  let errorText = "";
  let errorDecoder: StringDecoder | null = null;
  const reader = {
    onHead(code: number) {
      status = code;
    },
    onBody(buf: Buffer, start: number, end: number) {
      if (status >= 200 && status < 300) events.feed(buf, start, end);
      else if (errorText.length < MAX_ERROR_BODY)
        errorText += (errorDecoder ??= new StringDecoder("utf8")).write(buf.subarray(start, end));
    },
    onReadEnd() {
      if (!textThisRead) return;
      textThisRead = false;
      // The first text is never held back: the reader shows it at once.
      if (sawText && pacing && post) post.hold(pacing.holdMs());
      sawText = true;
    },
    onEnd() {
      if (failure) return;
      if (status < 200 || status >= 300)
        return fail(new LlmError(`upstream HTTP ${status}: ${errorMessage(errorText)}`, "upstream"));
      ended = true;
      notify();
    },
    onError(err: Error) {
      fail(
        status
          ? new LlmError(`upstream failed: ${firstLine(err.message)}`, "upstream")
          : new LlmError(`upstream request failed: ${firstLine(err.message)}`, "upstream"),
      );
    },
  };

  const signal = request.abortSignal;
  if (signal.aborted) onAbort();
  else {
    signal.addEventListener("abort", onAbort, { once: true });
    const path = `${target.url.pathname}${target.url.search}`;
    post = streamedPost(target.pool, { path, headers, body }, reader);
  }

  /** The reading is over, however it ended: the connection is closed unless the reply ended, and usage settles. */
  const release = (finished: boolean) => {
    signal.removeEventListener("abort", onAbort);
    if (!finished) post?.destroy();
    settleUsage(finished && usage ? usage : { inputTokens: null, outputTokens: null });
  };

  function pipeText(onPiece: (piece: string) => void, readPacing?: ReadPacing): Promise<void> {
    reading = true;
    return new Promise<void>((resolve, reject) => {
      // Pieces that came before the reader did.
      for (; head < pieces.length && !signal.aborted; head++) onPiece(pieces[head] ?? "");
      if (head > 0) sawText = true;
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
      pacing = readPacing;
      if (paused) {
        paused = false;
        post?.resume();
      }
      settle();
    });
  }

  async function* text(): AsyncGenerator<string> {
    let finished = false;
    reading = true;
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
          post?.resume();
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
