"use client";

import { SHRINKABLE } from "./markdown-shrinkable";
import { useCopyText } from "./use-copy-text";

const BUTTON_LABEL = { idle: "Copy code", copied: "Copied", failed: "Copy failed" } as const;
const ANNOUNCEMENT = { idle: "", copied: "Copied", failed: "Could not copy the code" } as const;

/**
 * A fenced code block of a message: its language, a copy button whose result is announced politely, and the code
 * in a horizontally scrolling, keyboard-focusable box. Colours come from the bubble's text (it is used on the
 * character's muted bubble and the user's primary one), over a tint of the foreground.
 */
export function MarkdownCodeBlock({ lang, text }: { lang: string | null; text: string }) {
  const { state, copy } = useCopyText();
  return (
    <div className={`${SHRINKABLE} overflow-hidden rounded-lg bg-foreground/[0.07]`} data-testid="code-block">
      <div className="flex items-center justify-between gap-2 border-b border-current/10 py-1 pr-1 pl-3 text-xs">
        <span className="truncate font-mono">{lang}</span>
        <button
          type="button"
          onClick={() => copy(text)}
          className="inline-flex min-h-7 shrink-0 items-center gap-1.5 rounded-md px-2 font-medium outline-none hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring"
        >
          <CopyGlyph done={state === "copied"} />
          {BUTTON_LABEL[state]}
        </button>
        <span role="status" className="sr-only">
          {ANNOUNCEMENT[state]}
        </span>
      </div>
      <pre
        tabIndex={0}
        aria-label={lang ? `${lang} code` : "Code"}
        className="overflow-x-auto p-3 font-mono text-[0.8125rem] leading-relaxed wrap-normal outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <code>{text}</code>
      </pre>
    </div>
  );
}

function CopyGlyph({ done }: { done: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {done ? (
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      ) : (
        <>
          <rect x="9" y="9" width="11" height="11" rx="2" />
          <path d="M5 15V6a2 2 0 0 1 2-2h9" />
        </>
      )}
    </svg>
  );
}
