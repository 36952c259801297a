import { createSseParser } from "@/lib/api/sse";

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
  const parser = createSseParser();
  const out: ReadStream = { messages: [], closed: false };
  for (;;) {
    const { value, done } = await reader.read();
    const events = done ? parser.flush() : parser.feed(decoder.decode(value, { stream: true }));
    for (const event of events) {
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
