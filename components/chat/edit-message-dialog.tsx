"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";
import { CHAT_MESSAGE_MAX_CHARS, CHAT_REPLY_EDIT_MAX_CHARS } from "@/lib/contracts/chat-codes";

/**
 * Edits a message's text. A reply changes in place; the user's own message is sent again, which removes the
 * `laterCount` messages after it (the dialog says so before the user confirms) and brings a new reply.
 */
export function EditMessageDialog({
  open,
  onOpenChange,
  isReply,
  initialText,
  laterCount,
  characterName,
  pending,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isReply: boolean;
  initialText: string;
  laterCount: number;
  characterName: string;
  pending: boolean;
  onSave: (text: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const max = isReply ? CHAT_REPLY_EDIT_MAX_CHARS : CHAT_MESSAGE_MAX_CHARS;
  const trimmed = text.trim();
  const error = trimmed === "" ? "Type some text." : text.length > max ? `At most ${max} characters.` : null;
  const unchanged = trimmed === initialText.trim();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!error && !pending && !(isReply && unchanged)) onSave(trimmed);
  }

  const warning = isReply
    ? `${characterName} will see your version of this reply from now on.`
    : laterCount > 0
      ? `Sending removes the ${laterCount === 1 ? "message" : `${laterCount} messages`} after this one, and ${characterName} replies again.`
      : `${characterName} replies again to the new text.`;

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={isReply ? "Edit reply" : "Edit message"}
      description={warning}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} busy={pending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={error !== null} busy={pending} aria-busy={pending}>
            {pending ? <Spinner size="sm" label={null} /> : null}
            {isReply ? "Save" : "Save and send"}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit}>
        <label htmlFor={id} className="sr-only">
          {isReply ? "Reply text" : "Message text"}
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          aria-invalid={error !== null || undefined}
          aria-describedby={`${id}-error`}
          className="w-full resize-y rounded-lg border border-border bg-background px-3 py-2 text-base leading-6 outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
        />
        <p id={`${id}-error`} className="mt-1 min-h-4 text-xs text-destructive">
          {text !== initialText ? error : null}
        </p>
      </form>
    </ResponsiveDialog>
  );
}
