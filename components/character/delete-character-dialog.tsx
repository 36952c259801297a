"use client";

import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";
import type { DeletableCharacter } from "./use-delete-character";

export interface DeleteCharacterDialogProps {
  robot: DeletableCharacter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
  /** Where focus goes on closing if the button that opened it is gone. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/**
 * "Delete {name}?": focus starts on Cancel (the safe choice), stays inside while open and goes back to the button
 * that opened it (ResponsiveDialog).
 */
export function DeleteCharacterDialog({
  robot,
  open,
  onOpenChange,
  pending,
  onConfirm,
  fallbackFocus,
}: DeleteCharacterDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={`Delete ${robot.name}?`}
      description="This cannot be undone."
      initialFocus={() => cancelRef.current}
      fallbackFocus={fallbackFocus}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={() => onOpenChange(false)} busy={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} busy={pending} aria-busy={pending}>
            {pending ? <Spinner size="sm" label={null} className="[&_svg]:text-white" /> : null}
            Delete character
          </Button>
        </>
      }
    >
      <p className="text-sm wrap-anywhere">
        <span className="font-semibold">{robot.name}</span> will disappear from your profile, from search and from
        everyone&apos;s recent chats, and its chat history will no longer be readable.
      </p>
    </ResponsiveDialog>
  );
}
