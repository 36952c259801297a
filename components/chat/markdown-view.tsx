import { Fragment, memo, useMemo, type ReactNode } from "react";
import { parseMarkdown, type Block, type Inline, type ListBlock } from "@/lib/chat/markdown";

/** rel for links in user-generated text: no opener access, no referrer, no ranking credit. */
export const UGC_LINK_REL = "noopener noreferrer nofollow ugc";

/**
 * A chat message as formatted text, built from React elements (React escapes every string, so raw HTML in a
 * reply shows as text). `open` while the reply is still streaming in.
 */
export const MarkdownView = memo(function MarkdownView({ text, open = false }: { text: string; open?: boolean }) {
  const blocks = useMemo(() => parseMarkdown(text, { open }), [text, open]);
  return <>{blocks.map((block, index) => renderBlock(block, index))}</>;
});

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case "paragraph":
      return <p key={key}>{renderInlines(block.children)}</p>;
    case "heading":
      return (
        <p key={key} className="font-semibold">
          {renderInlines(block.children)}
        </p>
      );
    case "code":
      return (
        <pre
          key={key}
          className="overflow-x-auto rounded-lg bg-foreground/[0.06] p-3 text-[0.8125rem] leading-relaxed dark:bg-black/30"
        >
          <code data-lang={block.lang ?? undefined}>{block.text}</code>
        </pre>
      );
    case "rule":
      return <hr key={key} className="border-foreground/15" />;
    case "list":
      return renderList(block, key);
  }
}

function renderList(list: ListBlock, key: number): ReactNode {
  const items = list.items.map((item, index) => (
    <li key={index} className="pl-1">
      {renderInlines(item.children)}
      {item.sublist ? renderList(item.sublist, 0) : null}
    </li>
  ));
  return list.ordered ? (
    <ol key={key} start={list.start === 1 ? undefined : list.start} className="list-decimal space-y-1 pl-5">
      {items}
    </ol>
  ) : (
    <ul key={key} className="list-disc space-y-1 pl-5">
      {items}
    </ul>
  );
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
      return <em>{renderInlines(node.children)}</em>;
    case "code":
      return (
        <code className="rounded bg-foreground/[0.08] px-1 py-0.5 text-[0.875em] [overflow-wrap:anywhere]">
          {node.text}
        </code>
      );
    case "link":
      return (
        <a
          href={node.href}
          target="_blank"
          rel={UGC_LINK_REL}
          className="font-medium [overflow-wrap:anywhere] text-primary underline underline-offset-2 outline-none hover:opacity-80 focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
        >
          {renderInlines(node.children)}
        </a>
      );
  }
}
