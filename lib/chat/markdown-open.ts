/**
 * A reply still streaming in ends mid-construct. Parsed as it is, its last line would jump between shapes with
 * every token: a `**` shown as stars until its closer comes, a table header shown as a line of pipes until the
 * delimiter row, a list marker turning the line above into a heading. This closes or holds back what is
 * unfinished at the end of the text, so each token only adds to what is shown:
 * - inside an open code fence: the fence runs to the end (as CommonMark reads it); a closing fence being typed
 *   (`` `` ``) is held back;
 * - a table whose header or delimiter row is not complete is held back;
 * - a line that is only a list marker is held back;
 * - in the last paragraph, an unclosed `*`, `**`, `_`, `~~` or `` ` `` at a word start is closed at the end (formatting
 *   the rest of the text), a marker with nothing after it is held back, and `[label](https://…` being written shows
 *   its label (an image being written shows nothing yet).
 * Only ever applied while the text is open: finished text is parsed as written.
 */

const FENCE = /^[ \t]*(?:>[ \t]?)*(`{3,}|~{3,})/;
const CLOSING_FENCE = /^[ \t]*(?:>[ \t]?)*(`{3,}|~{3,})[ \t]*$/;
const LIST_MARKER_ONLY = /^[ \t]*(?:>[ \t]?)*(?:[-*+]|\d{1,9}[.)])[ \t]*$/;
/** What starts a line of a new block: a list marker, a quote, a heading. */
const BLOCK_PREFIX = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]?|#{1,6}[ \t]+)/;
const TABLE_ROW = /^[ \t]*\|/;
const PARTIAL_DELIMITER_ROW = /^[ \t]*\|[ \t:|-]*$/;
/** `[label`, `[label]` or `[label](https://…` at the very end: a link being written. */
const UNFINISHED_LINK = /(!?)\[([^[\]\n]*)(?:\](?:\((?:[^()\s]|\([^()\s]*\)?)*)?)?$/;

export function closeOpenMarkdown(text: string): string {
  // A line just ended shows nothing new; without its newline, the line is read as the end of the text.
  const lines = (text.endsWith("\n") ? text.slice(0, -1) : text).split("\n");
  const fence = openFence(lines);
  if (fence) {
    const last = lines.at(-1)!.trim();
    if (lines.length - 1 > fence.line && last !== "" && /^(`+|~+)$/.test(last) && last[0] === fence.marker[0])
      lines.pop();
    return lines.join("\n");
  }
  holdBackTable(lines);
  if (LIST_MARKER_ONLY.test(lines.at(-1) ?? "")) lines.pop();
  return closeInline(lines.join("\n"));
}

/** The fence still open at the end of the text, if any. */
function openFence(lines: string[]): { line: number; marker: string } | null {
  let open: { line: number; marker: string } | null = null;
  lines.forEach((line, index) => {
    if (open) {
      const close = CLOSING_FENCE.exec(line)?.[1];
      if (close && close[0] === open.marker[0] && close.length >= open.marker.length) open = null;
      return;
    }
    const marker = FENCE.exec(line)?.[1];
    // a backtick fence's info string cannot hold a backtick (that line is inline code)
    if (marker && !(marker[0] === "`" && line.slice(line.indexOf(marker) + marker.length).includes("`")))
      open = { line: index, marker };
  });
  return open;
}

function cellCount(row: string): number {
  return row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/).length;
}

/** A table is shown from its complete delimiter row on; its header alone is a line of pipes. */
function holdBackTable(lines: string[]): void {
  let rows = 0;
  while (rows < lines.length && TABLE_ROW.test(lines[lines.length - 1 - rows]!)) rows++;
  if (rows === 1) lines.pop();
  else if (rows === 2) {
    const [head, delimiter] = lines.slice(-2) as [string, string];
    if (PARTIAL_DELIMITER_ROW.test(delimiter) && cellCount(delimiter) < cellCount(head)) lines.splice(-2);
  }
}

/**
 * The offset where the last paragraph's inline text starts (after a list marker, quote or heading mark), or its last
 * table cell's.
 */
function lastInlineStart(text: string): number {
  let start = text.length;
  let end = text.length;
  for (;;) {
    const lineStart = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(lineStart, end);
    if (line.trim() === "") return start;
    // in a table row being written, the last cell
    if (TABLE_ROW.test(line)) return start === text.length ? lineStart + lastCellStart(line) : start;
    let prefix = 0;
    for (let m = BLOCK_PREFIX.exec(line); m; m = BLOCK_PREFIX.exec(line.slice(prefix))) prefix += m[0].length;
    if (prefix > 0 || lineStart === 0) return lineStart + prefix;
    start = lineStart;
    end = lineStart - 1;
  }
}

function lastCellStart(row: string): number {
  let at = 0;
  for (let i = 0; i < row.length; i++) {
    if (row[i] === "\\") i++;
    else if (row[i] === "|") at = i + 1;
  }
  return at;
}

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
const isPunct = (ch: string | undefined) => ch !== undefined && /[\p{P}\p{S}]/u.test(ch);
const isWordStart = (ch: string | undefined) => isSpace(ch) || /[(["'“‘]/.test(ch!);

function runLength(src: string, at: number, ch: string): number {
  let n = 0;
  while (src[at + n] === ch) n++;
  return n;
}

function codeClose(src: string, from: number, run: number): number {
  for (let i = from; i < src.length;) {
    if (src[i] !== "`") {
      i++;
      continue;
    }
    const n = runLength(src, i, "`");
    if (n === run) return i;
    i += n;
  }
  return -1;
}

interface Opener {
  ch: string;
  size: number;
}

function closeInline(text: string): string {
  const start = lastInlineStart(text);
  if (start >= text.length) return text;
  const head = text.slice(0, start);
  let src = text.slice(start);
  const link = UNFINISHED_LINK.exec(src);
  if (link) src = src.slice(0, link.index) + (link[1] ? "" : link[2]);

  const stack: Opener[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (c === "`") {
      const run = runLength(src, i, "`");
      const close = codeClose(src, i + run, run);
      if (close !== -1) {
        i = close + run;
        continue;
      }
      // an unclosed code span is code to the end; with nothing in it yet, it is held back
      if (src.slice(i + run).trim() === "") return head + closed(src.slice(0, i), stack);
      return head + src + "`".repeat(run) + closers(stack);
    }
    const run = c === "*" || c === "_" || c === "~" ? runLength(src, i, c) : 0;
    // ~~strikethrough~~ takes exactly two tildes (one at the very end may be half of them)
    if (run === 0 || (c === "~" && run !== 2 && i + run < src.length)) {
      i += Math.max(run, 1);
      continue;
    }
    const before = src[i - 1];
    const after = src[i + run];
    const leftFlanking = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
    const rightFlanking =
      before !== undefined && !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
    let left = run;
    if (rightFlanking) {
      while (left > 0 && stack.at(-1)?.ch === c) {
        const top = stack.at(-1)!;
        if (after === undefined && left < top.size) {
          // a closer still being written ("**bold*"): held back, the whole closer is added below
          return head + closed(src.slice(0, i), stack);
        }
        const used = Math.min(left, top.size);
        top.size -= used;
        left -= used;
        if (top.size === 0) stack.pop();
      }
    }
    if (after === undefined) {
      // a marker with nothing after it yet: held back unless it closed something
      return head + closed(left === run ? src.slice(0, i) : src, stack);
    }
    if (left > 0 && leftFlanking && isWordStart(before)) stack.push({ ch: c, size: c === "~" ? 2 : Math.min(left, 3) });
    i += run;
  }
  return head + closed(src, stack);
}

function closers(stack: Opener[]): string {
  return stack
    .map((opener) => opener.ch.repeat(opener.size))
    .reverse()
    .join("");
}

/** The text with the closers of what is still open; trailing spaces go first, or the closer would not close. */
function closed(src: string, stack: Opener[]): string {
  if (stack.length === 0) return src;
  return src.trimEnd() + closers(stack);
}
