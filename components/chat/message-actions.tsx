"use client";

import { memo, useState } from "react";
import type { ChatEntry } from "@/lib/chat/chat-state";
import { RetryIcon } from "./chat-icons";
import { DeleteMessageDialog, type DeleteScope } from "./delete-message-dialog";
import { EditMessageDialog } from "./edit-message-dialog";
import { PencilIcon, TrashIcon } from "./message-action-icons";
import { ACTION_BUTTON, SwipeControls } from "./swipe-controls";

/** What the message actions do (use-message-changes.ts); stable while nothing about them changes. */
export interface MessageChangeHandlers {
  regenerate(entry: ChatEntry): void;
  swipe(entry: ChatEntry, index: number): void;
  /** Resolves true once saved. */
  editReply(entry: ChatEntry, text: string): Promise<boolean>;
  resend(entry: ChatEntry, text: string): void;
  /** Resolves true once deleted. */
  remove(entry: ChatEntry, scope: DeleteScope): Promise<boolean>;
  /** A swipe is being chosen. */
  swiping: boolean;
}

interface Props {
  entry: ChatEntry;
  /** The conversation's last message, a reply: it can be regenerated (also while written) and swiped. */
  latestReply: boolean;
  /** Messages after this one. */
  laterCount: number;
  /** A reply is being written: messages cannot be changed meanwhile (the server refuses too). */
  busy: boolean;
  characterName: string;
  handlers: MessageChangeHandlers;
}

/**
 * Under a stored message: its swipes (‹ 2/3 ›) and Regenerate on the latest reply, Edit and Delete on every one.
 * The latest reply's row always shows; the others show on hover, or while focus is in their message.
 */
export const MessageActions = memo(function MessageActions({
  entry,
  latestReply,
  laterCount,
  busy,
  characterName,
  handlers,
}: Props) {
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<DeleteScope | null>(null);
  const isReply = entry.role === "assistant";
  const streaming = entry.status === "streaming";
  if (entry.id === null || entry.status === "sending" || entry.status === "unsent") return null;
  const who = isReply ? "reply" : "message";

  async function saveEdit(text: string) {
    if (!isReply) {
      setDialog(null);
      handlers.resend(entry, text);
      return;
    }
    setSaving(true);
    const saved = await handlers.editReply(entry, text);
    setSaving(false);
    if (saved) setDialog(null);
  }

  async function confirmDelete(scope: DeleteScope) {
    setDeleting(scope);
    const deleted = await handlers.remove(entry, scope);
    setDeleting(null);
    if (deleted && scope === "after") setDialog(null);
  }

  // The latest reply's row takes its own line; the others float at their bubble's lower edge (over its padding,
  // not its text), shown on hover or while focus is in the message (a tap on a touch screen focuses it), so they
  // take no room in the log.
  const place = latestReply
    ? `mt-1 ${isReply ? "pl-[2.625rem]" : "justify-end"}`
    : `pointer-events-none absolute top-full z-10 -mt-2 rounded-full border border-border bg-card px-0.5 opacity-0 shadow-sm [&_button]:size-7 ${isReply ? "left-[2.625rem]" : "right-0"} group-hover/turn:pointer-events-auto group-hover/turn:opacity-100 group-focus-within/turn:pointer-events-auto group-focus-within/turn:opacity-100`;
  return (
    <div className={`flex items-center gap-0.5 transition-opacity ${place}`} data-testid="message-actions">
      {latestReply && entry.swipe && entry.swipe.count > 1 ? (
        <SwipeControls
          place={entry.swipe}
          noun="reply"
          disabled={busy || handlers.swiping}
          onGo={(index) => handlers.swipe(entry, index)}
        />
      ) : null}
      {latestReply ? (
        <button
          type="button"
          className={ACTION_BUTTON}
          aria-label={streaming ? "Stop and regenerate reply" : "Regenerate reply"}
          title={streaming ? "Stop and regenerate" : "Regenerate"}
          disabled={(busy && !streaming) || handlers.swiping}
          onClick={() => handlers.regenerate(entry)}
        >
          <RetryIcon width={16} height={16} />
        </button>
      ) : null}
      <button
        type="button"
        className={ACTION_BUTTON}
        aria-label={`Edit ${who}`}
        title="Edit"
        disabled={busy}
        onClick={() => setDialog("edit")}
      >
        <PencilIcon />
      </button>
      <button
        type="button"
        className={ACTION_BUTTON}
        aria-label={`Delete ${who}`}
        title="Delete"
        disabled={busy}
        onClick={() => setDialog("delete")}
      >
        <TrashIcon />
      </button>
      {dialog === "edit" ? (
        <EditMessageDialog
          open
          onOpenChange={(open) => setDialog(open ? "edit" : null)}
          isReply={isReply}
          initialText={entry.content}
          laterCount={laterCount}
          characterName={characterName}
          pending={saving}
          onSave={(text) => void saveEdit(text)}
        />
      ) : null}
      {dialog === "delete" ? (
        <DeleteMessageDialog
          open
          onOpenChange={(open) => setDialog(open ? "delete" : null)}
          hasSwipes={(entry.swipe?.count ?? 1) > 1}
          laterCount={laterCount}
          pending={deleting}
          onConfirm={(scope) => void confirmDelete(scope)}
        />
      ) : null}
    </div>
  );
});
