"use client";

import { useId, useRef, useState } from "react";
import { TextField } from "@/components/auth/fields";
import { Button } from "@/components/ui/button";
import { ResponsiveDialog } from "@/components/ui/responsive-dialog";
import { Spinner } from "@/components/ui/spinner";

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account's ID, which the user types to confirm. */
  accountKey: string;
  pending: boolean;
  /** The server's word on the confirmation, shown under the field. */
  serverError: string | null;
  onEdit: () => void;
  onConfirm: (typed: string) => void;
}

export const MISMATCH = "Type your ID exactly as shown to confirm";

/**
 * "Delete your account?": says what goes and what stays, and asks for the account's ID typed out (any letter
 * case), which works the same for password and third-party accounts. Focus starts in the field, stays inside
 * while open and goes back to the button that opened it (ResponsiveDialog).
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  accountKey,
  pending,
  serverError,
  onEdit,
  onConfirm,
}: DeleteAccountDialogProps) {
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const error = mismatch ? MISMATCH : (serverError ?? undefined);

  function close(next: boolean) {
    if (pending) return;
    if (!next) {
      setTyped("");
      setMismatch(false);
    }
    onOpenChange(next);
  }

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="This cannot be undone."
      initialFocus={() => inputRef.current}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} busy={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="destructive" busy={pending} aria-busy={pending}>
            {pending ? <Spinner size="sm" label={null} className="[&_svg]:text-destructive-foreground" /> : null}
            Delete my account
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-4 pt-1 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (typed.trim().toLowerCase() !== accountKey.toLowerCase()) {
            setMismatch(true);
            inputRef.current?.focus();
            return;
          }
          onConfirm(typed.trim());
        }}
      >
        <div className="flex flex-col gap-1.5">
          <p className="font-medium">Deleted for good:</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>your profile, sign-in, persona and favourites</li>
            <li>all your chats and their memory</li>
            <li>your private characters and your pictures</li>
            <li>coins left and your plan&apos;s renewal</li>
          </ul>
        </div>
        <div className="flex flex-col gap-1.5">
          <p className="font-medium">Kept, without your name:</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>
              your public and unlisted characters, so other people&apos;s chats with them go on (delete them first to
              remove them)
            </li>
            <li>orders and coin history, which we must keep for accounting</li>
          </ul>
        </div>
        <TextField
          ref={inputRef}
          label={`To confirm, type your ID: ${accountKey}`}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={typed}
          error={error}
          onChange={(event) => {
            setTyped(event.target.value);
            setMismatch(false);
            onEdit();
          }}
        />
      </form>
    </ResponsiveDialog>
  );
}
