"use client";

import { CharacterCard } from "@/components/character/character-card";
import { Button } from "@/components/ui/button";
import { HeartIcon } from "@/components/ui/icons";
import type { RobotCard } from "@/lib/contracts/catalogue";

/** A favourite in the user's list: the usual card and a way to remove it there. */
export function FavouriteCard({
  robot,
  priority,
  onRemove,
}: {
  robot: RobotCard;
  priority: boolean;
  onRemove: (robot: RobotCard) => void;
}) {
  return (
    <div className="flex h-full flex-col gap-2">
      <div className="flex-1">
        <CharacterCard robot={robot} priority={priority} />
      </div>
      <div className="flex justify-end px-1">
        <Button
          variant="secondary"
          size="sm"
          className="rounded-full"
          aria-label={`Remove ${robot.name} from favourites`}
          onClick={() => onRemove(robot)}
        >
          <HeartIcon filled width={14} height={14} />
          Remove
        </Button>
      </div>
    </div>
  );
}
