import { StringDecoder } from "node:string_decoder";
import { createParser } from "eventsource-parser";

/** A text/event-stream body read from its bytes as they come (streamed-post.ts hands them on). */
export interface SseBody {
  /** buf[start, end): the body's next bytes, valid during the call only. */
  feed(buf: Buffer, start: number, end: number): void;
}

const LF = 10;
const CR = 13;

/**
 * The body's events, read by eventsource-parser from its UTF-8 text (each event's data to `onData`), except where
 * `fast` reads them straight from the bytes (StreamChunkReader.readEvents): it is given each read's bytes whenever
 * the parser holds nothing, no partial line, event or character, which is when the bytes it was given last end
 * with a blank line (LF LF, or LF CR LF). It returns where it stopped; the parser reads the rest. Decoding each
 * chunk and splitting it into lines and events cost about 300 bytes of garbage a token (bench/README.md, "Issue 16,
 * twenty-third session").
 */
export function sseBody(handlers: {
  fast: (buf: Buffer, start: number, end: number) => number;
  onData: (data: string) => void;
}): SseBody {
  const decoder = new StringDecoder("utf8");
  const parser = createParser({ onEvent: (event) => handlers.onData(event.data) });
  // The parser has been given nothing yet: a byte-order mark is its to strip.
  let fed = false;
  // The last three bytes the parser was given, the last first.
  let last = 0;
  let beforeLast = 0;
  let third = 0;

  const atEventEnd = () => fed && last === LF && (beforeLast === LF || (beforeLast === CR && third === LF));

  return {
    feed(buf, start, end) {
      const from = atEventEnd() ? handlers.fast(buf, start, end) : start;
      if (from === end) return;
      for (let i = Math.max(from, end - 3); i < end; i++) {
        third = beforeLast;
        beforeLast = last;
        last = buf[i] as number;
      }
      fed = true;
      const text = decoder.write(buf.subarray(from, end));
      if (text) parser.feed(text);
    },
  };
}
