"use client";

import { lazy, Suspense, useState } from "react";
import { Button, buttonClassName, type ButtonSize } from "@/components/ui/button";
import { Link } from "@/components/ui/link";
import { useDeleteCharacter, type DeletableCharacter } from "./use-delete-character";

// The dialog (Radix, vaul) loads on first use.
const DeleteCharacterDialog = lazy(() =>
  import("./delete-character-dialog").then((m) => ({ default: m.DeleteCharacterDialog })),
);

export interface OwnerActionsProps {
  robot: DeletableCharacter;
  onDeleted: (robot: DeletableCharacter) => void | Promise<void>;
  size?: ButtonSize;
  /** Where focus goes once the character is deleted, if these actions went with it (a card in a list). */
  focusAfterDelete?: () => HTMLElement | null | undefined;
}

/** "Edit" and "Delete" for the character's creator; Delete asks first. */
export function OwnerActions({ robot, onDeleted, size = "md", focusAfterDelete }: OwnerActionsProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const { pending, remove } = useDeleteCharacter(onDeleted);

  async function confirm() {
    if (await remove(robot)) setOpen(false);
  }

  return (
    <>
      <Link
        href={`/create?edit=${robot.id}`}
        aria-label={`Edit ${robot.name}`}
        className={buttonClassName("secondary", size, "rounded-full")}
      >
        Edit
      </Link>
      <Button
        variant="ghost"
        size={size}
        aria-label={`Delete ${robot.name}`}
        className="rounded-full text-red-700! hover:bg-destructive/10 dark:text-red-300!"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        Delete
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <DeleteCharacterDialog
            robot={robot}
            open={open}
            onOpenChange={setOpen}
            pending={pending}
            fallbackFocus={focusAfterDelete}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
