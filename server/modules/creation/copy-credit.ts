import { and, eq } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { API_CODES } from "../../../lib/contracts/api-codes";
import { robots, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError } from "../../errors";
import { ageAllows, visibleCharacters } from "../catalogue/character-visibility";

/**
 * The credit a copy keeps: the original must be public or unlisted (404 otherwise, like any character one cannot
 * open), NSFW only after the age check (403 40301). Name and creator's name are copied, so they outlive it.
 * Also answers the original's avatar, which the copy may keep (it refers to the same file).
 */
export async function readCopyCredit(db: Db, originalId: number, viewer: Viewer) {
  const [row] = await db
    .select({ id: robots.id, name: robots.name, nsfw: robots.nsfw, avatar: robots.avatar, creatorName: users.name })
    .from(robots)
    .leftJoin(users, eq(users.id, robots.creatorId))
    .where(and(eq(robots.id, originalId), visibleCharacters({ opening: true, nsfw: true })))
    .limit(1);
  if (!row) throw new AppError(404, 404, "The character to copy was not found");
  if (!ageAllows(row, viewer)) throw new AppError(403, API_CODES.AGE_REQUIRED, "Age verification required");
  return {
    credit: { copiedFromId: row.id, copiedFromName: row.name, copiedFromCreator: row.creatorName ?? "" },
    avatar: row.avatar,
  };
}
