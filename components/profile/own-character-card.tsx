"use client";

import { CharacterCard } from "@/components/character/character-card";
import { OwnerActions } from "@/components/character/owner-actions";
import type { DeletableCharacter } from "@/components/character/use-delete-character";
import { VisibilityBadge } from "@/components/character/visibility-badge";
import type { OwnCharacterCard as OwnCard } from "@/lib/contracts/creation";

/** A character in its creator's own list: the usual card, its visibility, Edit and Delete. */
export function OwnCharacterCard({
  robot,
  priority,
  onDeleted,
  focusAfterDelete,
}: {
  robot: OwnCard;
  priority: boolean;
  onDeleted: (robot: DeletableCharacter) => void | Promise<void>;
  focusAfterDelete: () => HTMLElement | null;
}) {
  return (
    <div className="flex h-full flex-col gap-2">
      <div className="flex-1">
        <CharacterCard robot={robot} priority={priority} />
      </div>
      <div className="flex flex-wrap items-center gap-2 px-1">
        <VisibilityBadge visibility={robot.visibility} />
        <div className="ml-auto flex gap-1">
          <OwnerActions
            robot={{ id: robot.id, name: robot.name }}
            onDeleted={onDeleted}
            focusAfterDelete={focusAfterDelete}
            size="sm"
          />
        </div>
      </div>
    </div>
  );
}
