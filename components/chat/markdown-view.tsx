import { Fragment, memo, useDeferredValue, useMemo, type ReactNode } from "react";
import { parseMarkdown, type Align, type Block, type Inline } from "@/lib/chat/markdown";
import { MarkdownCodeBlock } from "./markdown-code-block";
import { MarkdownImage } from "./markdown-image";
import { MarkdownLink } from "./markdown-link";
import { SHRINKABLE } from "./markdown-shrinkable";

export { UGC_LINK_REL } from "./markdown-link";

/**
 * A chat message as formatted text, built from React elements (React escapes every string, so raw HTML in a
 * reply shows as text). `open` while the reply is still streaming in.
 *
 * A streaming reply re-renders on every token: the text is deferred (React drops the renders a newer token has
 * made stale), and each top-level block is memoised on its source, so only the block being written re-renders.
 */
export const MarkdownView = memo(function MarkdownView({ text, open = false }: { text: string; open?: boolean }) {
  const shownText = useDeferredValue(text);
  const shownOpen = useDeferredValue(open);
  const blocks = useMemo(() => parseMarkdown(shownText, { open: shownOpen }), [shownText, shownOpen]);
  return (
    <>
      {blocks.map((parsed, index) => (
        <MarkdownBlock key={index} source={parsed.key} block={parsed.block} />
      ))}
    </>
  );
});

const MarkdownBlock = memo(
  function MarkdownBlock({ block }: { source: string; block: Block }) {
    return renderBlock(block, 0);
  },
  (before, after) => before.source === after.source,
);

const CELL = "border border-current/20 px-2.5 py-1.5 align-top";

function renderBlocks(blocks: Block[]): ReactNode {
  return blocks.map((block, index) => renderBlock(block, index));
}

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case "paragraph":
      return block.tight ? (
        <Fragment key={key}>{renderInlines(block.children)}</Fragment>
      ) : (
        <p key={key}>{renderInlines(block.children)}</p>
      );
    case "heading":
      // Not h1–h6: a message's headings are not sections of the page.
      return (
        <p key={key} className={`font-semibold ${block.level <= 2 ? "text-[1.0625rem]" : ""}`}>
          {renderInlines(block.children)}
        </p>
      );
    case "code":
      return <MarkdownCodeBlock key={key} lang={block.lang} text={block.text} />;
    case "rule":
      return <hr key={key} className="border-current/20" />;
    case "quote":
      return (
        <blockquote key={key} className="border-l-[3px] border-current/30 pl-3 [&>*+*]:mt-2">
          {renderBlocks(block.children)}
        </blockquote>
      );
    case "list": {
      const items = block.items.map((item, index) => (
        <li key={index} className="pl-1 [&>*+*]:mt-2">
          {renderBlocks(item)}
        </li>
      ));
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start} className="list-decimal space-y-1 pl-5">
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1 pl-5">
          {items}
        </ul>
      );
    }
    case "table":
      return (
        <div
          key={key}
          role="region"
          aria-label="Table"
          tabIndex={0}
          className={`${SHRINKABLE} overflow-x-auto rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring`}
        >
          <table className="w-max min-w-full border-collapse text-[0.875rem] leading-snug wrap-normal">
            <thead>
              <tr>
                {block.head.map((cell, index) => (
                  <th key={index} className={`${CELL} border-b-2 font-semibold ${alignClass(block.align[index])}`}>
                    <TableCell cell={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} className={`${CELL} ${alignClass(block.align[index])}`}>
                      <TableCell cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/**
 * A cell's content. The table is as wide as its content (it scrolls sideways when that is wider than the bubble,
 * rather than squeezing "Lamp oil" onto two lines); a long cell wraps at 18rem (cells themselves ignore max-width).
 */
function TableCell({ cell }: { cell: Inline[] }) {
  return <div className="max-w-[18rem]">{renderInlines(cell)}</div>;
}

function alignClass(align: Align | undefined): string {
  return align === "center" ? "text-center" : align === "right" ? "text-right" : "text-left";
}

function renderInlines(nodes: Inline[]): ReactNode {
  return nodes.map((node, index) => <Fragment key={index}>{renderInline(node)}</Fragment>);
}

function renderInline(node: Inline): ReactNode {
  switch (node.type) {
    case "text":
      return node.text;
    case "break":
      return <br />;
    case "strong":
      return <strong className="font-semibold">{renderInlines(node.children)}</strong>;
    case "em":
      // also the roleplay convention: *leans on the console* is an action, in italics
      return <em>{renderInlines(node.children)}</em>;
    case "del":
      return <del>{renderInlines(node.children)}</del>;
    case "code":
      return <code className="rounded bg-foreground/[0.08] px-1 py-0.5 text-[0.875em] wrap-anywhere">{node.text}</code>;
    case "link":
      return <MarkdownLink href={node.href}>{renderInlines(node.children)}</MarkdownLink>;
    case "image":
      return <MarkdownImage src={node.src} alt={node.alt} title={node.title} />;
  }
}
