/**
 * Server-sent events over POST (chat streams), read with fetch and parsed with eventsource-parser. A refusal
 * before streaming is a JSON envelope; otherwise `data:` lines of JSON until `event: close`. A message with an
 * `error` field is thrown.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { ApiError, INVALID_RESPONSE_CODE, UNAUTHORIZED_CODE } from "./errors";
import { prepareRequest, type JsonBody } from "./prepare-request";
import { readAnswer } from "./read-answer";
import { sendPrepared, toTransportError } from "./send";
import { notifyUnauthorized } from "./unauthorized";

const CLOSE_EVENT = "close";

export interface PostStreamOptions {
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The ApiError for a message's `error` field: an object with code/msg/message/data, or a string. */
function messageError(error: unknown, message: unknown): ApiError {
  if (typeof error === "string") return new ApiError({ code: INVALID_RESPONSE_CODE, msg: error, data: message });
  if (isRecord(error)) {
    const msg = typeof error.msg === "string" ? error.msg : typeof error.message === "string" ? error.message : "";
    return new ApiError({
      code: typeof error.code === "number" ? error.code : INVALID_RESPONSE_CODE,
      msg,
      data: error.data ?? message,
    });
  }
  return new ApiError({ code: INVALID_RESPONSE_CODE, data: message });
}

function parseMessage(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch (cause) {
    throw new ApiError({ code: INVALID_RESPONSE_CODE, data, cause });
  }
}

/**
 * POSTs `body` (same headers and signing as apiPost) and yields each streamed JSON message until `event: close`
 * or the end of the stream. A JSON answer instead of a stream is read like any other (read-answer.ts): a success
 * envelope yields its data (if any) once, anything else throws its ApiError. Also throws ApiError for a missing
 * body, a message with an `error` field, an unparseable message or a dropped connection; an abort rethrows the
 * signal's reason.
 * Breaking out of the loop cancels the response body (the server sees the disconnect).
 */
export async function* postStream(
  path: string,
  body?: JsonBody,
  { signal }: PostStreamOptions = {},
): AsyncGenerator<unknown, void, undefined> {
  const prepared = await prepareRequest("POST", path, undefined, body, { accept: "text/event-stream" }, signal);
  const response = await sendPrepared(prepared, signal);

  const contentType = response.headers.get("content-type")?.toLowerCase() ?? "";
  if (contentType.includes("json")) {
    const { data } = await readAnswer(response, prepared.token, signal);
    // a success envelope instead of a stream: its data is the one message
    if (data !== null) yield data;
    return;
  }
  if (response.status === UNAUTHORIZED_CODE) notifyUnauthorized(prepared.token);
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new ApiError({ code: INVALID_RESPONSE_CODE, status: response.status });
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  let done = false;
  try {
    while (!done) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw toTransportError(error, signal);
      }
      done = chunk.done;
      if (done) {
        parser.feed(decoder.decode());
        // the last event counts even when the stream ends without the blank line that should close it
        parser.feed("\n\n");
      } else {
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
      for (const event of events.splice(0)) {
        if (event.event === CLOSE_EVENT) return;
        if (event.data === "") continue;
        const message = parseMessage(event.data);
        if (isRecord(message) && message.error !== undefined && message.error !== null) {
          throw messageError(message.error, message);
        }
        yield message;
      }
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
