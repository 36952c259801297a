/**
 * The markdown subset of chat messages, parsed into plain data (never HTML): paragraphs with line breaks,
 * headings, fenced code blocks, bullet and numbered lists (nested by indentation), horizontal rules, and the inline
 * formatting of markdown-inline.ts. Raw HTML is just text. Pure: no DOM, no React.
 */
import { parseInline, type Inline } from "./markdown-inline";

export type { Inline } from "./markdown-inline";

export interface ListBlock {
  type: "list";
  ordered: boolean;
  start: number;
  items: ListItem[];
}

interface ListItem {
  children: Inline[];
  sublist: ListBlock | null;
}

export type Block =
  | { type: "paragraph"; children: Inline[] }
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "code"; lang: string | null; text: string }
  | { type: "rule" }
  | ListBlock;

export interface MarkdownOptions {
  /** The text is still streaming in: see InlineOptions.open. Applies to the last block only. */
  open?: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const BULLET = /^([ \t]*)([-*+])[ \t]+(.*)$/;
const ORDERED = /^([ \t]*)(\d{1,9})[.)][ \t]+(.*)$/;

/** Raw blocks hold inline text; inline parsing happens last so only the final block is parsed as open. */
type RawListItem = { text: string; sublist: RawList | null };
type RawList = { type: "list"; ordered: boolean; start: number; items: RawListItem[] };
type RawBlock =
  | { type: "paragraph"; text: string }
  | { type: "heading"; level: number; text: string }
  | { type: "code"; lang: string | null; text: string }
  | { type: "rule" }
  | RawList;

interface MarkerLine {
  indent: number;
  ordered: boolean;
  number: number;
  text: string;
}

export function parseMarkdown(text: string, options: MarkdownOptions = {}): Block[] {
  const raw = parseBlocks(text.replace(/\r\n?/g, "\n").split("\n"));
  return raw.map((block, index) => toBlock(block, options.open === true && index === raw.length - 1));
}

function parseBlocks(lines: string[]): RawBlock[] {
  const blocks: RawBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !isClosingFence(lines[i]!, marker)) body.push(lines[i++]!);
      i++; // the closing fence (an unclosed block runs to the end, as while a reply streams in)
      blocks.push({ type: "code", lang: fence[2] || null, text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: "heading", level: heading[1]!.length, text: heading[2]! });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: "rule" });
      i++;
      continue;
    }
    const marker = markerLine(line);
    if (marker && marker.indent <= 3) {
      const collected = collectList(lines, i);
      blocks.push(buildList(collected.items));
      i = collected.next;
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== "" && !startsBlock(lines[i]!)) paragraph.push(lines[i++]!.trim());
    blocks.push({ type: "paragraph", text: paragraph.join("\n") });
  }
  return blocks;
}

function isClosingFence(line: string, opening: string): boolean {
  const trimmed = line.trim();
  return (
    /^(`{3,}|~{3,})$/.test(trimmed) &&
    trimmed[0] === opening[0] &&
    trimmed.length >= opening.length &&
    /^ {0,3}\S/.test(line)
  );
}

/** Whether a line ends the paragraph above it. As in CommonMark, only a numbered list starting at 1 does ("in 1999. we"). */
function startsBlock(line: string): boolean {
  if (FENCE.test(line) || HEADING.test(line) || RULE.test(line)) return true;
  const marker = markerLine(line);
  return marker !== null && marker.indent <= 3 && (!marker.ordered || marker.number === 1);
}

function indentWidth(whitespace: string): number {
  let width = 0;
  for (const ch of whitespace) width += ch === "\t" ? 4 : 1;
  return width;
}

function markerLine(line: string): MarkerLine | null {
  const bullet = BULLET.exec(line);
  if (bullet && !RULE.test(line))
    return { indent: indentWidth(bullet[1]!), ordered: false, number: 1, text: bullet[3]!.trim() };
  const ordered = ORDERED.exec(line);
  if (ordered)
    return { indent: indentWidth(ordered[1]!), ordered: true, number: Number(ordered[2]), text: ordered[3]!.trim() };
  return null;
}

/**
 * The lines of a list from `start`: marker lines at any depth, indented continuation lines (joined to the item
 * with a line break) and blank lines between items. A non-indented line that is not a marker ends the list.
 */
function collectList(lines: string[], start: number): { items: MarkerLine[]; next: number } {
  const items: MarkerLine[] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      let j = i + 1;
      while (j < lines.length && lines[j]!.trim() === "") j++;
      if (j < lines.length && markerLine(lines[j]!)) {
        i = j;
        continue;
      }
      break;
    }
    const marker = markerLine(line);
    if (marker) {
      // a bullet list right after a numbered one (or the reverse) at the same depth is a new list
      const first = items[0];
      if (first && marker.indent < first.indent + 2 && marker.ordered !== first.ordered) break;
      items.push(marker);
      i++;
      continue;
    }
    const indent = indentWidth(/^[ \t]*/.exec(line)![0]);
    if (indent >= 2 && !FENCE.test(line) && items.length > 0) {
      const last = items.at(-1)!;
      last.text = last.text ? `${last.text}\n${line.trim()}` : line.trim();
      i++;
      continue;
    }
    break;
  }
  return { items, next: i };
}

/** Nests marker lines by indentation: a marker indented 2+ columns past its list's markers opens a sublist. */
function buildList(lines: MarkerLine[]): RawList {
  const first = lines[0]!;
  const root: RawList = { type: "list", ordered: first.ordered, start: first.number, items: [] };
  const stack: Array<{ indent: number; list: RawList }> = [{ indent: first.indent, list: root }];
  for (const line of lines) {
    while (stack.length > 1 && line.indent < stack.at(-1)!.indent) stack.pop();
    const top = stack.at(-1)!;
    const parent = top.list.items.at(-1);
    if (parent && line.indent >= top.indent + 2) {
      parent.sublist ??= { type: "list", ordered: line.ordered, start: line.number, items: [] };
      stack.push({ indent: line.indent, list: parent.sublist });
      parent.sublist.items.push({ text: line.text, sublist: null });
    } else {
      top.list.items.push({ text: line.text, sublist: null });
    }
  }
  return root;
}

function toBlock(block: RawBlock, open: boolean): Block {
  switch (block.type) {
    case "paragraph":
      return { type: "paragraph", children: parseInline(block.text, { open }) };
    case "heading":
      return { type: "heading", level: block.level, children: parseInline(block.text, { open }) };
    case "list":
      return toList(block, open);
    default:
      return block;
  }
}

function toList(list: RawList, open: boolean): ListBlock {
  return {
    type: "list",
    ordered: list.ordered,
    start: list.start,
    items: list.items.map((item, index) => {
      const last = open && index === list.items.length - 1;
      return {
        children: parseInline(item.text, { open: last && item.sublist === null }),
        sublist: item.sublist ? toList(item.sublist, last) : null,
      };
    }),
  };
}
