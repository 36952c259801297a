"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";

export type DeleteScope = "message" | "after";

/**
 * "Delete message?": this message (a reply with all its swipes), or everything after it. Focus starts on Cancel.
 */
export function DeleteMessageDialog({
  open,
  onOpenChange,
  hasSwipes,
  laterCount,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A reply with other versions: they go with it. */
  hasSwipes: boolean;
  /** Messages after this one on screen; "Delete everything after" needs some. */
  laterCount: number;
  pending: DeleteScope | null;
  onConfirm: (scope: DeleteScope) => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const busy = pending !== null;
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title="Delete message?"
      description="The character will no longer see what you delete. This cannot be undone."
      initialFocus={() => cancelRef.current}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={() => onOpenChange(false)} busy={busy}>
            Cancel
          </Button>
          {laterCount > 0 ? (
            <Button variant="secondary" onClick={() => onConfirm("after")} busy={busy} aria-busy={pending === "after"}>
              {pending === "after" ? <Spinner size="sm" label={null} /> : null}
              Delete everything after
            </Button>
          ) : null}
          <Button
            variant="destructive"
            onClick={() => onConfirm("message")}
            busy={busy}
            aria-busy={pending === "message"}
          >
            {pending === "message" ? <Spinner size="sm" label={null} /> : null}
            Delete this message
          </Button>
        </>
      }
    >
      <p className="text-sm">
        {hasSwipes ? "Deleting this reply also deletes its other versions (swipes). " : ""}
        {laterCount > 0
          ? `“Delete everything after” keeps this message and deletes the ${laterCount === 1 ? "message" : `${laterCount} messages`} after it.`
          : "It is the latest message of this chat."}
      </p>
    </ResponsiveDialog>
  );
}
