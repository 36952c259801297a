"use client";

import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { usePopup } from "@/components/ui/use-popup";
import type { ChatExportFormat } from "@/lib/chat/chat-list-api";
import { CHAT_TITLE_MAX } from "@/lib/contracts/chat-codes";
import type { ChatSummary } from "@/lib/contracts/chat-client";
import { formatLastActivity } from "@/lib/format/relative-time";

/** What the list shows for a chat: its title, else its first words, else that it is new. */
export function chatName(chat: ChatSummary): string {
  const words = chat.preview
    ?.replace(/[*_`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return chat.title ?? (words || "New chat");
}

function countLabel(count: number): string {
  return count === 1 ? "1 message" : `${count} messages`;
}

interface Props {
  chat: ChatSummary;
  current: boolean;
  busy: boolean;
  onOpen: () => void;
  onRename: (title: string) => Promise<boolean>;
  /** Called with focus on the row's actions button, which the confirmation dialog gives focus back to. */
  onDelete: () => void;
  onExport: (format: ChatExportFormat) => void;
}

const ITEM =
  "flex w-full items-center rounded-md px-3 py-2 text-left text-sm outline-none transition-colors " +
  "hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60";

/** One chat in the list: a button that opens it, and its actions (rename, export, delete), or the rename form. */
export function ChatListItem({ chat, current, busy, onOpen, onRename, onDelete, onExport }: Props) {
  const [renaming, setRenaming] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const name = chatName(chat);
  // Back to the row once it is drawn again in place of the rename form (an effect runs after that commit).
  useEffect(() => {
    if (renaming || !refocus.current) return;
    refocus.current = false;
    openRef.current?.focus();
  }, [renaming]);

  return (
    <li data-testid="chat-list-item" data-chat-id={chat.id} className="flex flex-wrap items-stretch gap-1 py-1">
      {renaming ? (
        <RenameForm
          initial={chat.title ?? ""}
          placeholder={name}
          busy={busy}
          onDone={async (title) => {
            if (title !== null && !(await onRename(title))) return;
            refocus.current = true;
            setRenaming(false);
          }}
        />
      ) : (
        <>
          <button
            ref={openRef}
            type="button"
            onClick={onOpen}
            aria-current={current ? "true" : undefined}
            className={`min-w-0 flex-1 rounded-lg px-3 py-2 text-left transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring ${current ? "bg-muted" : ""}`}
          >
            <span className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate font-medium" title={name}>
                {name}
              </span>
              {current ? (
                <span className="shrink-0 rounded-full bg-primary px-2 text-xs font-medium text-primary-foreground">
                  Open
                </span>
              ) : null}
            </span>
            <span className="mt-0.5 block text-xs text-muted-foreground">
              {countLabel(chat.message_count)} · {formatLastActivity(chat.last_message_at)}
            </span>
          </button>
          <ChatActions
            chatLabel={name}
            busy={busy}
            onRename={() => setRenaming(true)}
            onDelete={onDelete}
            onExport={onExport}
          />
        </>
      )}
    </li>
  );
}

function RenameForm({
  initial,
  placeholder,
  busy,
  onDone,
}: {
  initial: string;
  placeholder: string;
  busy: boolean;
  /** The new title ("" clears it), or null for Cancel. */
  onDone: (title: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    onDone(value.trim());
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      // The dialog around the list must not close as well.
      event.preventDefault();
      event.stopPropagation();
      onDone(null);
    }
  }

  return (
    <form
      onSubmit={submit}
      onKeyDown={onKeyDown}
      className="flex min-w-0 flex-1 flex-col gap-2 rounded-lg bg-muted p-2"
    >
      <label htmlFor={inputId} className="text-xs font-medium text-muted-foreground">
        Chat title <span className="font-normal">(empty shows its first words)</span>
      </label>
      <input
        ref={inputRef}
        id={inputId}
        value={value}
        maxLength={CHAT_TITLE_MAX}
        placeholder={placeholder}
        onChange={(e) => setValue(e.target.value)}
        className="h-9 w-full rounded-md border border-border bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <div className="flex items-center justify-end gap-2">
        <span className="mr-auto text-xs text-muted-foreground" aria-live="polite">
          {value.length}/{CHAT_TITLE_MAX}
        </span>
        <Button type="button" variant="ghost" size="sm" onClick={() => onDone(null)} busy={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" busy={busy} aria-busy={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** The row's actions as a disclosure (Tab moves through them, Escape closes back to the button). */
function ChatActions({
  chatLabel,
  busy,
  onRename,
  onDelete,
  onExport,
}: {
  chatLabel: string;
  busy: boolean;
  onRename: () => void;
  onDelete: () => void;
  onExport: (format: ChatExportFormat) => void;
}) {
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const { open, show, close, rootRef, buttonRef, disclosureProps } = usePopup(() =>
    panelRef.current?.querySelector<HTMLButtonElement>("button")?.focus(),
  );

  const act = (action: () => void) => () => {
    close();
    action();
  };

  return (
    // `contents`: the button sits in the row and the open actions below it, in the flow (a popup would be cut off
    // by the dialog's scrolling body on the last rows).
    <div ref={rootRef} data-own-escape={open || undefined} className="contents" {...disclosureProps}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Actions for ${chatLabel}`}
        disabled={busy}
        onClick={() => (open ? close(false) : show())}
        className="inline-flex w-10 items-center justify-center rounded-lg text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
      >
        <MoreIcon />
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={`Actions for ${chatLabel}`}
          className="order-last grid basis-full gap-0.5 rounded-xl border border-border bg-card p-1.5 text-foreground motion-safe:animate-fade-in sm:grid-cols-2"
        >
          <button type="button" className={ITEM} onClick={act(onRename)}>
            Rename
          </button>
          <button type="button" className={ITEM} onClick={act(() => onExport("md"))}>
            Export as Markdown
          </button>
          <button type="button" className={ITEM} onClick={act(() => onExport("jsonl"))}>
            Export for SillyTavern (.jsonl)
          </button>
          <button type="button" className={`${ITEM} font-medium text-destructive`} onClick={act(onDelete)}>
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}

function MoreIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className="size-5">
      <circle cx="5" cy="12" r="1.75" />
      <circle cx="12" cy="12" r="1.75" />
      <circle cx="19" cy="12" r="1.75" />
    </svg>
  );
}
