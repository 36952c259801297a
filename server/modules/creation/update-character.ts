import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CharacterDefinition, robotUpdateRequest } from "../../../lib/contracts/creation";
import { robots } from "../../db/schema";
import { invalidateCatalogue } from "../catalogue/catalogue-cache";
import { avatarToStore } from "./character-avatar";
import { linkTags, resolveTags } from "./character-tags";
import { characterColumns } from "./character-values";
import type { CreationDeps } from "./creation-context";
import { spendCreationLimit } from "./creation-limits";
import { readOwnDefinition, requireOwnCharacter } from "./own-character";

/**
 * POST /v1/user/robot/update: the creator's new version of every field. The kept card data changes only when
 * `card` is sent (a form that does not show it leaves it as it was).
 */
export async function updateCharacter(
  deps: CreationDeps,
  userId: string,
  input: z.output<typeof robotUpdateRequest>,
): Promise<CharacterDefinition> {
  await spendCreationLimit(deps.store, "update", userId);
  const resolved = await resolveTags(deps.db, input.tags);
  // Checked before the transaction: the check may read the avatar's file from storage.
  const before = await requireOwnCharacter(deps.db, input.id, userId);
  const avatar = await avatarToStore(deps, userId, input.avatar, before.key, { stored: before.avatar });
  await deps.db.transaction(async (tx) => {
    const current = await requireOwnCharacter(tx, input.id, userId);
    await tx
      .update(robots)
      .set({ ...characterColumns(input, resolved, avatar), updatedAt: sql`now()` })
      .where(eq(robots.id, current.id));
    await linkTags(tx, current.id, resolved);
  });
  invalidateCatalogue();
  return readOwnDefinition(deps.db, input.id, userId);
}
