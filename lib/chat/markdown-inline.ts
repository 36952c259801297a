/**
 * Inline part of the chat markdown subset: **bold**, *italic* / _italic_, `code`, [label](https://…), bare https
 * URLs and line breaks. Produces a tree of plain data; components/chat/markdown-view.tsx turns it into React
 * elements, so nothing here is ever HTML.
 */
import { bareUrlLength, safeLinkHref } from "./safe-link";

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "break" };

export interface InlineOptions {
  /**
   * The text is still being written (a reply mid-stream): an emphasis or code marker that is not closed yet
   * formats the rest of the text instead of showing as a stray `*`, and a marker at the very end is hidden.
   */
  open?: boolean;
}

interface Context {
  src: string;
  open: boolean;
  inLink: boolean;
}

const ESCAPABLE = new Set("\\`*_{}[]()#+-.!>~|".split(""));

export function parseInline(text: string, options: InlineOptions = {}): Inline[] {
  return parseRange({ src: text, open: options.open ?? false, inLink: false }, 0, text.length);
}

function parseRange(ctx: Context, start: number, end: number): Inline[] {
  const { src } = ctx;
  const out: Inline[] = [];
  let buf = "";
  const flush = () => {
    if (buf) pushText(out, buf);
    buf = "";
  };
  const push = (node: Inline) => {
    flush();
    out.push(node);
  };

  let i = start;
  while (i < end) {
    const c = src[i]!;
    if (c === "\\" && i + 1 < end && ESCAPABLE.has(src[i + 1]!)) {
      buf += src[i + 1];
      i += 2;
      continue;
    }
    if (c === "\n") {
      push({ type: "break" });
      i++;
      continue;
    }
    if (c === "`") {
      const run = runLength(src, i, end, "`");
      const close = findCodeClose(src, i + run, end, run);
      if (close !== -1) {
        push({ type: "code", text: codeText(src.slice(i + run, close)) });
        i = close + run;
      } else if (ctx.open && end === src.length) {
        const text = codeText(src.slice(i + run, end));
        if (text) push({ type: "code", text });
        i = end;
      } else {
        buf += src.slice(i, i + run);
        i += run;
      }
      continue;
    }
    if (c === "*" || c === "_") {
      const span = emphasisAt(ctx, i, end);
      if (span) {
        if (span.node) push(span.node);
        i = span.next;
      } else {
        const run = runLength(src, i, end, c);
        buf += src.slice(i, i + run);
        i += run;
      }
      continue;
    }
    if (c === "[" && !ctx.inLink) {
      const link = linkAt(ctx, i, end);
      if (link) {
        flush();
        out.push(...link.nodes);
        i = link.next;
        continue;
      }
    }
    if ((c === "h" || c === "H") && !ctx.inLink && !isWordChar(src[i - 1])) {
      const length = bareUrlLength(src.slice(i, end), 0);
      const href = length ? safeLinkHref(src.slice(i, i + length)) : null;
      if (href) {
        push({ type: "link", href, children: [{ type: "text", text: src.slice(i, i + length) }] });
        i += length;
        continue;
      }
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

function pushText(out: Inline[], text: string): void {
  const last = out.at(-1);
  if (last?.type === "text") last.text += text;
  else out.push({ type: "text", text });
}

function runLength(src: string, at: number, end: number, ch: string): number {
  let n = 0;
  while (at + n < end && src[at + n] === ch) n++;
  return n;
}

/** Index of a closing backtick run of exactly `run` characters, or -1. */
function findCodeClose(src: string, from: number, end: number, run: number): number {
  let i = from;
  while (i < end) {
    if (src[i] === "`") {
      const n = runLength(src, i, end, "`");
      if (n === run) return i;
      i += n;
    } else i++;
  }
  return -1;
}

/** CommonMark's code span rule: newlines become spaces, one surrounding space is dropped when both sides have one. */
function codeText(raw: string): string {
  const text = raw.replace(/\n/g, " ");
  return text.length > 2 && text.startsWith(" ") && text.endsWith(" ") && text.trim() !== "" ? text.slice(1, -1) : text;
}

const isWhitespace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}_]/u.test(ch);

/**
 * An emphasis starting at `at`: `**…**`/`__…__` (strong) or `*…*`/`_…_` (em). `next` is where parsing resumes;
 * `node` is null when a trailing marker of an open text is hidden. Null when the marker is literal.
 */
function emphasisAt(ctx: Context, at: number, end: number): { node: Inline | null; next: number } | null {
  const { src } = ctx;
  const ch = src[at]!;
  const run = runLength(src, at, end, ch);
  const atTextEnd = ctx.open && end === src.length;
  if (at + run >= end) return atTextEnd ? { node: null, next: end } : null;
  if (isWhitespace(src[at + run])) return null;
  // snake_case and 2*3 stay literal
  if (ch === "_" && isWordChar(src[at - 1])) return null;

  for (const size of run >= 2 ? [2, 1] : [1]) {
    const close = findEmphasisClose(src, at + size, end, ch, size);
    if (close === -1) continue;
    const children = parseRange(ctx, at + size, close);
    return { node: { type: size === 2 ? "strong" : "em", children }, next: close + size };
  }
  // An unclosed marker at a word start of a reply still being written formats the rest of it.
  if (atTextEnd && (at === 0 || isWhitespace(src[at - 1]) || /[(\["']/.test(src[at - 1]!))) {
    const size = Math.min(run, 2);
    const children = parseRange(ctx, at + size, end);
    return { node: { type: size === 2 ? "strong" : "em", children }, next: end };
  }
  return null;
}

/**
 * Start index of the closing delimiter of `size` characters, or -1. A closer follows a non-space character; a run
 * of three closes both a strong and an em (`***x***`), so its last `size` characters are taken. Code spans are
 * skipped, so a marker inside `code` never closes anything.
 */
function findEmphasisClose(src: string, from: number, end: number, ch: string, size: number): number {
  let i = from + 1;
  while (i < end) {
    const c = src[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "`") {
      const run = runLength(src, i, end, "`");
      const close = findCodeClose(src, i + run, end, run);
      i = close === -1 ? i + run : close + run;
      continue;
    }
    if (c === ch) {
      const run = runLength(src, i, end, ch);
      const closes = run === size || run === 3;
      const after = src[i + run];
      const underscoreOk = ch !== "_" || !isWordChar(after);
      if (closes && !isWhitespace(src[i - 1]) && underscoreOk) return i + run - size;
      i += run;
      continue;
    }
    i++;
  }
  return -1;
}

/**
 * `[label](url)`. A safe https URL gives a link; any other URL shows the label as plain text. Null when the text
 * is not a complete link (the bracket is then literal).
 */
function linkAt(ctx: Context, at: number, end: number): { nodes: Inline[]; next: number } | null {
  const { src } = ctx;
  let depth = 0;
  let close = -1;
  for (let i = at; i < end; i++) {
    const c = src[i];
    if (c === "\\") i++;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) {
      close = i;
      break;
    } else if (c === "\n" && src[i + 1] === "\n") break;
  }
  if (close === -1 || src[close + 1] !== "(") return null;

  let parens = 0;
  let urlEnd = -1;
  for (let i = close + 2; i < end; i++) {
    const c = src[i];
    if (c === "(") parens++;
    else if (c === ")") {
      if (parens === 0) {
        urlEnd = i;
        break;
      }
      parens--;
    } else if (c === "\n") break;
  }
  if (urlEnd === -1) return null;

  const label = parseRange({ ...ctx, inLink: true, open: false }, at + 1, close);
  const rawUrl = src
    .slice(close + 2, urlEnd)
    .trim()
    .replace(/^<(.*)>$/, "$1");
  const href = safeLinkHref(rawUrl);
  const nodes: Inline[] = href ? [{ type: "link", href, children: label }] : label;
  return { nodes, next: urlEnd + 1 };
}
