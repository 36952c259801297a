import { readStreamChunk, type StreamChunk } from "./openai-stream-chunk";
import type { ReplyUsage } from "./types";

/**
 * Reads a stream's `data:` payloads as readStreamChunk(JSON.parse(data)) would, without parsing the whole JSON of
 * most of them. A provider's text chunks usually differ only in their content string: the id, model, timestamps
 * and the rest are the same bytes every time. So after a text chunk is parsed whole, the bytes before and after its
 * content string become a template, and a payload that is exactly the template around one JSON string is read by
 * parsing that string alone. Parsing each chunk whole was the largest cost of a relayed token in the server: 3.4 µs of
 * 24 µs in a profile of 1,000 replies on a slow machine; reading by the template took 0.7 µs (bench/README.md,
 * "Issue 16, sixteenth session").
 *
 * Why it reads the same as a whole parse: a template is kept only after a probe proves that a string put in its
 * hole is the text readStreamChunk returns, with the same usage and nothing else changed (a string token in one
 * place of valid JSON; the rest of the bytes are fixed). A payload the template does not fit is parsed whole, so a
 * provider whose chunks change elsewhere (a counter, usage on every chunk) is read as before, only without gain.
 */
export interface StreamChunkReader {
  /** What the payload says, or null when it is not JSON. */
  read(data: string): StreamChunk | null;
  /**
   * Reads server-sent events straight from a body's bytes, buf[start, end), for as long as each is exactly
   * `data: <payload>` and a blank line (LF LF) with a payload that fits the template around a content string
   * without escapes or control characters, handing each on as read(payload) would say; returns the offset where it
   * stopped (start when the first does not fit), the rest being the SSE parser's to read. Only for bytes read where
   * that parser holds nothing (see sse-body.ts). A text chunk's payload then costs no string but its content.
   */
  readEvents(buf: Buffer, start: number, end: number, onChunk: (chunk: StreamChunk) => void): number;
  /** How many payloads the template read (for tests). */
  readonly templated: number;
}

interface Template {
  prefix: string;
  suffix: string;
  usage: ReplyUsage | null;
  hits: number;
  /** The template as an event's bytes (readEvents): `data: `, the prefix and the quote; the quote, suffix and LF LF. */
  bytes?: { head: Buffer; tail: Buffer };
}

/** Templates learnt in a row that no later chunk fit, after which the reader stops learning. */
const MAX_UNFITTED_TEMPLATES = 3;
const PROBE = "\u2063probe\u2063";
const QUOTE = 34;
const BACKSLASH = 92;
/** Bytes below this are control characters, which a JSON string holds only escaped. */
const SPACE = 32;

export function createStreamChunkReader(): StreamChunkReader {
  let template: Template | null = null;
  let unfitted = 0;
  let templated = 0;

  const byTemplate = (data: string, t: Template): StreamChunk | null => {
    const end = data.length - t.suffix.length;
    if (end < t.prefix.length + 2) return null;
    // Slices compared with === (a memcmp): startsWith took 2 µs a call with a 190-character prefix.
    if (data.slice(0, t.prefix.length) !== t.prefix || data.slice(end) !== t.suffix) return null;
    let text: unknown;
    try {
      text = JSON.parse(data.slice(t.prefix.length, end));
    } catch {
      return null;
    }
    if (typeof text !== "string") return null;
    t.hits++;
    templated++;
    return text ? { kind: "text", text, usage: t.usage } : { kind: "other", usage: t.usage };
  };

  // A template that never fit is not worth the probe on every chunk: after a few, chunks are parsed whole.
  const learn = (data: string) => {
    if (template !== null && template.hits > 0) unfitted = 0;
    else if (unfitted >= MAX_UNFITTED_TEMPLATES) return;
    else unfitted++;
    template = templateOf(data) ?? template;
  };

  /*
   * Why readEvents reads what the SSE parser and read() would: an event that is one `data: ` line and a blank line
   * has that line's rest as its payload. Bytes equal to the head are the UTF-8 of `data: ` and the prefix, and a
   * literal with neither backslash nor control character is its characters: JSON.parse gives them back as they are.
   * Quotes are ASCII, never inside a multi-byte character, so the literal's bytes decode as they would in the whole
   * line (an invalid sequence as U+FFFD either way).
   */
  const readEvents = (buf: Buffer, start: number, end: number, onChunk: (chunk: StreamChunk) => void): number => {
    const t = template;
    if (t === null) return start;
    t.bytes ??= { head: Buffer.from(`data: ${t.prefix}"`), tail: Buffer.from(`"${t.suffix}\n\n`) };
    const { head, tail } = t.bytes;
    let at = start;
    for (;;) {
      const open = at + head.length;
      if (open + tail.length > end || head.compare(buf, at, open) !== 0) return at;
      let close = open;
      for (let c = buf[close]; c !== QUOTE; c = buf[++close]) {
        if (close >= end || (c as number) < SPACE || c === BACKSLASH) return at;
      }
      const next = close + tail.length;
      if (next > end || tail.compare(buf, close, next) !== 0) return at;
      const text = buf.toString("utf8", open, close);
      t.hits++;
      templated++;
      onChunk(text ? { kind: "text", text, usage: t.usage } : { kind: "other", usage: t.usage });
      at = next;
    }
  };

  return {
    readEvents,
    read(data) {
      if (template) {
        const chunk = byTemplate(data, template);
        if (chunk) return chunk;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(data);
      } catch {
        return null;
      }
      const chunk = readStreamChunk(payload);
      if (chunk.kind === "text") learn(data);
      return chunk;
    },
    get templated() {
      return templated;
    },
  };
}

/**
 * The template of a text chunk (one a whole parse read as text): the bytes around the string literal of a
 * `"content"` key whose value, replaced by a probe, is read back as the text. Null when no such place is found.
 */
function templateOf(data: string): Template | null {
  for (let key = data.indexOf('"content"'); key >= 0; key = data.indexOf('"content"', key + 1)) {
    let at = skipSpace(data, key + 9);
    if (data.charCodeAt(at) !== 58 /* : */) continue;
    at = skipSpace(data, at + 1);
    if (data.charCodeAt(at) !== QUOTE) continue;
    const close = closingQuote(data, at);
    if (close < 0) continue;
    const prefix = data.slice(0, at);
    const suffix = data.slice(close + 1);
    let probe: unknown;
    try {
      probe = JSON.parse(prefix + JSON.stringify(PROBE) + suffix);
    } catch {
      continue;
    }
    const read = readStreamChunk(probe);
    if (read.kind !== "text" || read.text !== PROBE) continue;
    return { prefix, suffix, usage: read.usage, hits: 0 };
  }
  return null;
}

function skipSpace(data: string, at: number): number {
  let i = at;
  for (let c = data.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = data.charCodeAt(++i));
  return i;
}

/** The index of the quote that ends the string literal opened at `open`, or -1. */
function closingQuote(data: string, open: number): number {
  for (let i = open + 1; i < data.length; i++) {
    const c = data.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return -1;
}
