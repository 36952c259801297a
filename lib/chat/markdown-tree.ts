/**
 * markdown-it's token stream as a small tree of plain data. The allow-list lives here: a link or image whose URL is
 * not https (safe-link.ts) becomes its label or alt text, and a token type not listed below becomes its text.
 */
import type { Token } from "markdown-it";
import { safeLinkHref } from "./safe-link";

export type Inline =
  | { type: "text"; text: string }
  | { type: "break" }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "image"; src: string; alt: string; title: string | null };

export type Align = "left" | "center" | "right" | null;

export type Block =
  /** `tight`: a paragraph of a tight list item, shown without a paragraph of its own. */
  | { type: "paragraph"; children: Inline[]; tight?: true }
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "code"; lang: string | null; text: string }
  | { type: "rule" }
  | { type: "quote"; children: Block[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "table"; align: Align[]; head: Inline[][]; rows: Inline[][][] };

/** The block spanning tokens[from, to) (one opening token to its closing one, or a single token). */
export function blockFromTokens(tokens: Token[], from: number, to: number): Block | null {
  const open = tokens[from]!;
  switch (open.type) {
    case "paragraph_open":
      return {
        type: "paragraph",
        children: inlines(tokens[from + 1]?.children ?? []),
        ...(open.hidden ? { tight: true as const } : {}),
      };
    case "heading_open":
      return { type: "heading", level: Number(open.tag.slice(1)), children: inlines(tokens[from + 1]?.children ?? []) };
    case "fence": {
      const lang = open.info.trim().split(/\s+/)[0];
      return { type: "code", lang: lang || null, text: withoutFinalNewline(open.content) };
    }
    case "code_block":
      return { type: "code", lang: null, text: withoutFinalNewline(open.content) };
    case "hr":
      return { type: "rule" };
    case "blockquote_open":
      return { type: "quote", children: blocks(tokens, from + 1, to - 1) };
    case "bullet_list_open":
    case "ordered_list_open":
      return list(tokens, from, to);
    case "table_open":
      return table(tokens, from, to);
    case "html_block":
      // not produced with html: false; kept as text should that ever change
      return { type: "paragraph", children: [{ type: "text", text: open.content }] };
    default:
      return null;
  }
}

/** The blocks among tokens[from, to), each from its opening token to the matching closing one. */
function blocks(tokens: Token[], from: number, to: number): Block[] {
  const out: Block[] = [];
  let i = from;
  while (i < to) {
    const end = closingIndex(tokens, i) + 1;
    const block = blockFromTokens(tokens, i, end);
    if (block) out.push(block);
    i = end;
  }
  return out;
}

function closingIndex(tokens: Token[], at: number): number {
  if (tokens[at]!.nesting !== 1) return at;
  let depth = 0;
  for (let i = at; i < tokens.length; i++) {
    depth += tokens[i]!.nesting;
    if (depth === 0) return i;
  }
  return tokens.length - 1;
}

function list(tokens: Token[], from: number, to: number): Block {
  const open = tokens[from]!;
  const items: Block[][] = [];
  let i = from + 1;
  while (i < to - 1) {
    const end = closingIndex(tokens, i);
    if (tokens[i]!.type === "list_item_open") items.push(blocks(tokens, i + 1, end));
    i = end + 1;
  }
  const start = Number(open.attrGet("start") ?? 1);
  return { type: "list", ordered: open.type === "ordered_list_open", start, items };
}

function table(tokens: Token[], from: number, to: number): Block {
  const align: Align[] = [];
  const head: Inline[][] = [];
  const rows: Inline[][][] = [];
  let row: Inline[][] | null = null;
  let inHead = false;
  for (let i = from + 1; i < to; i++) {
    const token = tokens[i]!;
    if (token.type === "thead_open") inHead = true;
    else if (token.type === "thead_close") inHead = false;
    else if (token.type === "tr_open") row = [];
    else if (token.type === "tr_close" && row && !inHead) rows.push(row);
    else if (token.type === "th_open" || token.type === "td_open") {
      const cell = inlines(tokens[i + 1]?.children ?? []);
      if (inHead) {
        head.push(cell);
        align.push(alignOf(token));
      } else row?.push(cell);
    }
  }
  return { type: "table", align, head, rows };
}

function alignOf(token: Token): Align {
  const match = /text-align:(left|center|right)/.exec(attr(token, "style"));
  return (match?.[1] as Align | undefined) ?? null;
}

const WRAPPERS = { strong_open: "strong", em_open: "em", s_open: "del" } as const;

/** Inline tokens as a tree; a link whose href is refused contributes its label in place. */
function inlines(tokens: Token[]): Inline[] {
  const root: Inline[] = [];
  const parents: Inline[][] = [];
  let out = root;
  const pushText = (text: string) => {
    const last = out.at(-1);
    if (last?.type === "text") last.text += text;
    else if (text) out.push({ type: "text", text });
  };
  for (const token of tokens) {
    switch (token.type) {
      case "strong_open":
      case "em_open":
      case "s_open":
      case "link_open": {
        parents.push(out);
        const children: Inline[] = [];
        if (token.type === "link_open") {
          const href = safeLinkHref(attr(token, "href"));
          // a refused link: its label stays in place as plain text
          if (href === null) break;
          out.push({ type: "link", href, children });
        } else out.push({ type: WRAPPERS[token.type], children });
        out = children;
        break;
      }
      case "strong_close":
      case "em_close":
      case "s_close":
      case "link_close":
        out = parents.pop() ?? root;
        break;
      case "softbreak":
      case "hardbreak":
        out.push({ type: "break" });
        break;
      case "code_inline":
        out.push({ type: "code", text: token.content });
        break;
      case "image": {
        const src = safeLinkHref(attr(token, "src"));
        if (src) out.push({ type: "image", src, alt: token.content, title: attr(token, "title") || null });
        else pushText(token.content);
        break;
      }
      default:
        // text, and anything else (html_inline is not produced with html: false) as what it says
        pushText(token.content);
    }
  }
  return root;
}

function attr(token: Token, name: string): string {
  return String(token.attrGet(name) ?? "");
}

function withoutFinalNewline(text: string): string {
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}
