/**
 * Chat messages as markdown: CommonMark plus GFM tables and ~~strikethrough~~, parsed by markdown-it into plain
 * data (never HTML): components/chat/markdown-view.tsx turns it into React elements. Raw HTML is text, single line
 * breaks are kept (as in chat), and only https links and images survive (markdown-tree.ts). Pure: no DOM, no React.
 */
import MarkdownIt, { type Env } from "markdown-it";
import { closeOpenMarkdown } from "./markdown-open";
import { blockFromTokens, type Block } from "./markdown-tree";

export type { Align, Block, Inline } from "./markdown-tree";

export interface MarkdownOptions {
  /** The text is still streaming in: unfinished constructs at its end are closed or held back (markdown-open.ts). */
  open?: boolean;
}

/** A top-level block and what identifies its rendering: its source (and the link definitions it may use). */
export interface ParsedBlock {
  key: string;
  block: Block;
}

const md = new MarkdownIt("default", { html: false, linkify: true, breaks: true, typographer: false });
// Bare URLs only with a scheme ("example.com" stays text); the tree keeps https ones.
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
// markdown-it drops links it deems unsafe, leaving "[label](javascript:…)" as text; markdown-tree.ts shows the label.
md.validateLink = () => true;

export function parseMarkdown(text: string, options: MarkdownOptions = {}): ParsedBlock[] {
  const normalized = text.replace(/\r\n?/g, "\n");
  const source = options.open ? closeOpenMarkdown(normalized) : normalized;
  const env: Env = {};
  const tokens = md.parse(source, env);
  const lines = source.split("\n");
  // Definitions can sit after the block that uses them: they are part of every block's identity.
  const references = env.references ? JSON.stringify(env.references) : "";
  const blocks: ParsedBlock[] = [];
  let i = 0;
  while (i < tokens.length) {
    const start = tokens[i]!;
    let end = i;
    if (start.nesting === 1) {
      let depth = 0;
      do depth += tokens[end++]!.nesting;
      while (depth > 0 && end < tokens.length);
    } else end = i + 1;
    const block = blockFromTokens(tokens, i, end);
    if (block) {
      const [from, to] = start.map ?? [0, 0];
      blocks.push({ key: `${lines.slice(from, to).join("\n")}\u0000${references}`, block });
    }
    i = end;
  }
  return blocks;
}
