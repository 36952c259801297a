/**
 * One streamed POST, timed by bench/chat-relay.ts: the time to the first text and to the end of the reply, read
 * as server-sent events with node:http (the same client code for both sides, so its own cost cancels out).
 *
 *   "openai": an OpenAI-compatible /chat/completions stream: text = the first non-empty choices[0].delta.content,
 *             end = `data: [DONE]`.
 *   "kewl":   POST /v1/chat_session/chat: start = the `start` message, text = the first `delta`, end = `end`;
 *             an `error` message, a missing `end` or a non-200 answer (a JSON envelope) is a failure.
 */
import http from "node:http";
import https from "node:https";
import { performance } from "node:perf_hooks";

export type StreamKind = "openai" | "kewl";

export interface StreamTiming {
  /** performance.now() when the request was sent; the other times are ms from here. */
  sentAt: number;
  status: number;
  /** ms from sending the request to the `start` message (kewl only). */
  startMs: number | null;
  /** ms to the first text. */
  ttftMs: number | null;
  /** ms to the last text. */
  lastTextMs: number | null;
  /** The longest time between two reads that brought text (how smoothly the reply flowed); null below two. */
  longestPauseMs: number | null;
  /** ms to the end of the reply (`end` or `[DONE]`). */
  endMs: number | null;
  text: string;
  /** Messages with text (OpenAI chunks with content, our `delta` messages). */
  pieces: number;
  /** Why the stream failed; null when it ended normally. */
  error: string | null;
}

/** A stream's timing before it is sent: nothing seen yet. */
export function emptyTiming(): StreamTiming {
  return {
    sentAt: 0,
    status: 0,
    startMs: null,
    ttftMs: null,
    lastTextMs: null,
    longestPauseMs: null,
    endMs: null,
    text: "",
    pieces: 0,
    error: null,
  };
}

interface Parsed {
  start?: boolean;
  text?: string;
  end?: boolean;
  error?: string;
}

function parseOpenAi(payload: string): Parsed {
  if (payload === "[DONE]") return { end: true };
  const chunk = JSON.parse(payload) as {
    choices?: Array<{ delta?: { content?: string | null } }>;
    error?: { message?: string };
  };
  if (chunk.error) return { error: `upstream error: ${chunk.error.message ?? "?"}` };
  const content = chunk.choices?.[0]?.delta?.content;
  return content ? { text: content } : {};
}

function parseKewl(payload: string): Parsed {
  const message = JSON.parse(payload) as { type?: string; text?: string; error?: { code?: number; msg?: string } };
  switch (message.type) {
    case "start":
      return { start: true };
    case "delta":
      return message.text ? { text: message.text } : {};
    case "end":
      return { end: true };
    case "error":
      return { error: `stream error ${message.error?.code ?? "?"}: ${message.error?.msg ?? ""}` };
    default:
      return {}; // `event: close` carries `data: {}`
  }
}

/** Sends body as JSON to 127.0.0.1:port (over TLS with an https agent) and follows the event stream to its end. Never rejects. */
export function timeStream(
  agent: http.Agent,
  port: number,
  urlPath: string,
  body: string,
  kind: StreamKind,
  headers: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<StreamTiming> {
  const parse = kind === "openai" ? parseOpenAi : parseKewl;
  const result = emptyTiming();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      result.error = error;
      resolve(result);
    };
    const t0 = performance.now();
    result.sentAt = t0;
    const req = (agent instanceof https.Agent ? https.request : http.request)(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: urlPath,
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          accept: "text/event-stream",
          ...headers,
        },
      },
      (res) => {
        result.status = res.statusCode ?? 0;
        res.setEncoding("utf8");
        if (result.status !== 200) {
          let text = "";
          res.on("data", (c: string) => (text += c));
          res.on("end", () => {
            const code = /"code"\s*:\s*(\d+)/.exec(text)?.[1];
            finish(`HTTP ${result.status}${code ? ` code ${code}` : ""}`);
          });
          res.on("error", (err) => finish(`HTTP ${result.status}: ${err.message}`));
          return;
        }
        let buffer = "";
        res.on("data", (chunk: string) => {
          const now = performance.now() - t0;
          buffer += chunk;
          for (let cut = buffer.indexOf("\n\n"); cut !== -1; cut = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            for (const line of block.split("\n")) {
              if (!line.startsWith("data:")) continue;
              let parsed: Parsed;
              try {
                parsed = parse(line.slice(5).trim());
              } catch {
                parsed = { error: `unparsable event: ${line.slice(0, 80)}` };
              }
              if (parsed.start) result.startMs ??= now;
              if (parsed.text) {
                if (result.lastTextMs !== null && result.lastTextMs !== now)
                  result.longestPauseMs = Math.max(result.longestPauseMs ?? 0, now - result.lastTextMs);
                result.ttftMs ??= now;
                result.lastTextMs = now;
                result.text += parsed.text;
                result.pieces++;
              }
              if (parsed.end) result.endMs ??= now;
              if (parsed.error && !result.error) result.error = parsed.error;
            }
          }
        });
        res.on("end", () => {
          if (result.error) finish(result.error);
          else if (result.endMs === null)
            finish(kind === "kewl" ? "stream ended without an `end` message" : "stream ended without [DONE]");
          else finish(null);
        });
        res.on("error", (err) => finish(`response failed: ${err.message}`));
        res.on("aborted", () => finish("response aborted"));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no progress for ${timeoutMs} ms`)));
    req.on("error", (err) => finish(`request failed: ${err.message}`));
    req.end(body);
  });
}
