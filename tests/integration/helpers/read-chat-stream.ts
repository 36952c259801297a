import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface ReadStream {
  /** Parsed `data:` messages in order, close excluded. */
  messages: Array<Record<string, unknown> & { type: string }>;
  closed: boolean;
}

/** The events each chunk of a body completes (eventsource-parser); the last chunk also ends an unterminated event. */
function eventsOf(): (chunk: ReadableStreamReadResult<Uint8Array>) => EventSourceMessage[] {
  const decoder = new TextDecoder();
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  return (chunk) => {
    parser.feed(chunk.done ? `${decoder.decode()}\n\n` : decoder.decode(chunk.value, { stream: true }));
    return events.splice(0);
  };
}

/** Reads a chat event stream to its end (or until stopAfter says stop, then cancels it like a leaving client). */
export async function readChatStream(
  res: Response,
  stopAfter?: (message: Record<string, unknown> & { type: string }) => boolean,
): Promise<ReadStream> {
  if (!res.body) throw new Error("no body");
  const reader = res.body.getReader();
  const read = eventsOf();
  const out: ReadStream = { messages: [], closed: false };
  for (;;) {
    const chunk = await reader.read();
    for (const event of read(chunk)) {
      if (event.event === "close") {
        out.closed = true;
        continue;
      }
      const message = JSON.parse(event.data) as Record<string, unknown> & { type: string };
      out.messages.push(message);
      if (stopAfter?.(message)) {
        await reader.cancel();
        return out;
      }
    }
    if (chunk.done) return out;
  }
}

/**
 * A stopAfter or until predicate: true at the delta that completes `text` (the reply's text so far). The relay sends
 * the pieces of one write as one delta, so a test waits for text, not for a number of messages.
 */
export function whenTextIs(text: string): (message: Record<string, unknown> & { type: string }) => boolean {
  let seen = "";
  return (message) => message.type === "delta" && (seen += String(message.text)) === text;
}

export const textOf = (stream: ReadStream) =>
  stream.messages
    .filter((m) => m.type === "delta")
    .map((m) => String(m.text))
    .join("");

export interface ChatStreamReader {
  /** Reads until a message matches (and answers it), without cancelling the stream. */
  until(
    match: (message: Record<string, unknown> & { type: string }) => boolean,
  ): Promise<Record<string, unknown> & { type: string }>;
  /** Reads the rest of the stream; `messages` holds everything read so far and after. */
  rest(): Promise<ReadStream>;
}

/** A chat event stream read bit by bit, for tests that act between its messages. */
export function chatStreamReader(res: Response): ChatStreamReader {
  if (!res.body) throw new Error("no body");
  const reader = res.body.getReader();
  const read = eventsOf();
  const out: ReadStream = { messages: [], closed: false };
  let done = false;
  const readMore = async (): Promise<Array<Record<string, unknown> & { type: string }>> => {
    const chunk = await reader.read();
    done = chunk.done;
    const fresh: Array<Record<string, unknown> & { type: string }> = [];
    for (const event of read(chunk)) {
      if (event.event === "close") out.closed = true;
      else fresh.push(JSON.parse(event.data) as Record<string, unknown> & { type: string });
    }
    out.messages.push(...fresh);
    return fresh;
  };
  let pending: Array<Record<string, unknown> & { type: string }> = [];
  return {
    async until(match) {
      for (;;) {
        const index = pending.findIndex(match);
        if (index >= 0) {
          const found = pending[index]!;
          pending = pending.slice(index + 1);
          return found;
        }
        pending = [];
        if (done) throw new Error("the stream ended first");
        pending = await readMore();
      }
    },
    async rest() {
      while (!done) await readMore();
      return out;
    },
  };
}
