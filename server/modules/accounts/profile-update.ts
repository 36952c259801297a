import { and, eq, ne, sql } from "drizzle-orm";
import { ID_TAKEN_CODE, type UserInfo } from "../../../lib/contracts/accounts";
import { safeImageSrc } from "../../../lib/format/safe-image-src";
import { MESSAGES } from "../../../lib/validation/auth-rules";
import { users } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import { toOwnProfile } from "./profile";
import { isUniqueViolation } from "./users";

export interface ProfileChanges {
  name: string;
  sex: 1 | 0 | -1;
  key: string;
  /** Omitted: unchanged. Empty: no avatar. Else an https URL or a path on this site. */
  face?: string;
}

const idTaken = () => new AppError(409, ID_TAKEN_CODE, MESSAGES.idTaken);

/** Avatars: https URLs or paths on our own origin, no whitespace or control characters (SPEC §3 "passed through"). */
export function isAllowedFace(face: string): boolean {
  if (face === "") return true;
  if (/[\s\u0000-\u001f\u007f]/.test(face)) return false;
  return safeImageSrc(face) === face;
}

/** True when another user already has this ID (IDs are unique case-insensitively). */
export async function userKeyTaken(db: Db, key: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.key}) = lower(${key})`, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Updates the caller's own profile (the only row it can touch is userId's). 409 code 12008 when the ID is taken,
 * by the check or by the unique index when two users race for it.
 */
export async function updateOwnProfile(db: Db, userId: string, changes: ProfileChanges): Promise<UserInfo> {
  if (changes.face !== undefined && !isAllowedFace(changes.face)) {
    throw errors.badRequest("Invalid field 'face': must be an https URL or a path on this site");
  }
  if (await userKeyTaken(db, changes.key, userId)) throw idTaken();
  try {
    const [row] = await db
      .update(users)
      .set({
        name: changes.name,
        sex: changes.sex,
        key: changes.key,
        ...(changes.face !== undefined ? { face: changes.face } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw errors.unauthorized();
    return toOwnProfile(row);
  } catch (err) {
    if (isUniqueViolation(err, "users_key_lower_uq")) throw idTaken();
    throw err;
  }
}
