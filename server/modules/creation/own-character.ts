import { eq } from "drizzle-orm";
import type { CharacterDefinition } from "../../../lib/contracts/creation";
import { CREATION_CODES } from "../../../lib/contracts/creation";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import { readDefinition } from "./character-definition";

const NO_AGE_CHECK = { ageVerified: true, nsfw: true };

/**
 * A character the user means to change: 404 when it does not exist or the user may not open it (someone else's
 * private one), 403 40302 when it is someone else's. Read in the caller's transaction, locked against a
 * concurrent edit or delete.
 */
export async function requireOwnCharacter(db: Db, id: number, userId: string) {
  const [row] = await db
    .select({
      id: robots.id,
      key: robots.key,
      creatorId: robots.creatorId,
      visibility: robots.visibility,
      avatar: robots.avatar,
    })
    .from(robots)
    .where(eq(robots.id, id))
    .for("update");
  if (!row) throw new AppError(404, 404, "Character not found");
  if (row.creatorId !== userId) {
    if (row.visibility === "private") throw new AppError(404, 404, "Character not found");
    throw new AppError(403, CREATION_CODES.NOT_OWNER, "Only its creator can change this character");
  }
  return row;
}

/** The owner's view of their character, as create and update answer it. */
export async function readOwnDefinition(db: Db, id: number, userId: string): Promise<CharacterDefinition> {
  const result = await readDefinition(db, id, { userId, viewer: NO_AGE_CHECK });
  if (result.status !== "ok") throw new AppError(404, 404, "Character not found");
  return result.definition;
}
