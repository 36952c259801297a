"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";

interface Props {
  /** The chat's name as the list shows it; null keeps the dialog closed. */
  chatName: string | null;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
  /** Focus after a deletion, when the row that opened the dialog is gone. */
  fallbackFocus: () => HTMLElement | null | undefined;
}

/**
 * "Delete this chat?": focus starts on Cancel (the safe choice), stays inside while open and goes back to the
 * button that opened it (ResponsiveDialog), or to `fallbackFocus` once that button's row is gone.
 */
export function DeleteChatDialog({ chatName, onOpenChange, pending, onConfirm, fallbackFocus }: Props) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ResponsiveDialog
      open={chatName !== null}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title="Delete this chat?"
      description="Its messages are deleted for good. This cannot be undone."
      initialFocus={() => cancelRef.current}
      fallbackFocus={fallbackFocus}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={() => onOpenChange(false)} busy={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} busy={pending} aria-busy={pending}>
            {pending ? <Spinner size="sm" label={null} className="[&_svg]:text-destructive-foreground" /> : null}
            Delete chat
          </Button>
        </>
      }
    >
      <p className="text-sm wrap-anywhere">
        <span className="font-semibold">{chatName}</span>
      </p>
    </ResponsiveDialog>
  );
}
