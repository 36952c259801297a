import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface ReadStream {
  /** Parsed `data:` messages in order, close excluded. */
  messages: Array<Record<string, unknown> & { type: string }>;
  closed: boolean;
}

/** Reads a chat event stream to its end (or until stopAfter says stop, then cancels it like a leaving client). */
export async function readChatStream(
  res: Response,
  stopAfter?: (message: Record<string, unknown> & { type: string }) => boolean,
): Promise<ReadStream> {
  if (!res.body) throw new Error("no body");
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const out: ReadStream = { messages: [], closed: false };
  for (;;) {
    const { value, done } = await reader.read();
    // at the end, a blank line completes an event the stream left unterminated
    parser.feed(done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true }));
    for (const event of events.splice(0)) {
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
    if (done) return out;
  }
}

export const textOf = (stream: ReadStream) =>
  stream.messages.filter((m) => m.type === "delta").map((m) => String(m.text)).join("");
