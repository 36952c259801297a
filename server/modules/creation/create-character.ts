import type { z } from "zod";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { CharacterDefinition, robotCreateRequest } from "../../../lib/contracts/creation";
import { robots } from "../../db/schema";
import { isUniqueViolation } from "../accounts/users";
import { invalidateCatalogue } from "../catalogue/catalogue-cache";
import { avatarToStore } from "./character-avatar";
import { readOwnDefinition } from "./own-character";
import { newCharacterKey } from "./character-key";
import { linkTags, resolveTags } from "./character-tags";
import { characterColumns } from "./character-values";
import type { CreationDeps } from "./creation-context";
import { spendCreationLimit } from "./creation-limits";
import { readCopyCredit } from "./copy-credit";

const KEY_TRIES = 3;

/** POST /v1/user/robot/create: a new character of the signed-in user (a copy when copied_from is given). */
export async function createCharacter(
  deps: CreationDeps,
  userId: string,
  viewer: Viewer,
  input: z.output<typeof robotCreateRequest>,
): Promise<CharacterDefinition> {
  await spendCreationLimit(deps.store, "create", userId);
  const resolved = await resolveTags(deps.db, input.tags);
  const original = input.copied_from === undefined ? null : await readCopyCredit(deps.db, input.copied_from, viewer);
  const credit = original?.credit ?? null;
  for (let attempt = 1; ; attempt++) {
    const key = newCharacterKey(input.name);
    const avatar = await avatarToStore(deps, userId, input.avatar, key, { copied: original?.avatar });
    try {
      const id = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(robots)
          .values({ key, creatorId: userId, ...characterColumns(input, resolved, avatar), ...credit })
          .returning({ id: robots.id });
        if (!row) throw new Error("character insert returned nothing");
        await linkTags(tx, row.id, resolved);
        return row.id;
      });
      invalidateCatalogue();
      return await readOwnDefinition(deps.db, id, userId);
    } catch (err) {
      if (attempt < KEY_TRIES && isUniqueViolation(err, "robots_key_uq")) continue;
      throw err;
    }
  }
}
