import { and, eq, ne, sql } from "drizzle-orm";
import { ID_TAKEN_CODE, type UserInfo } from "../../../lib/contracts/accounts";
import { MESSAGES } from "../../../lib/validation/auth-rules";
import { users } from "../../db/schema";
import type { Db } from "../../db/types";
import { AppError, errors } from "../../errors";
import type { StorageProvider } from "../../providers/storage/types";
import { isAcceptedAvatar } from "../avatars/avatar-policy";
import { mayUseAvatar } from "../files/avatar-use";
import { toOwnProfile } from "./profile";
import { isUniqueViolation } from "./users";

export interface ProfileChanges {
  name: string;
  sex: 1 | 0 | -1;
  key: string;
  /** Omitted: unchanged. Empty: no avatar. Else this site's avatar route or https on an AVATAR_HOSTS host. */
  face?: string;
}

export const FACE_REFUSED =
  "Invalid field 'face': must be an avatar of this site or an https URL on a host in AVATAR_HOSTS";

const idTaken = () => new AppError(409, ID_TAKEN_CODE, MESSAGES.idTaken);

/** Avatars (SPEC §3 "passed through"): none, this site's avatar route, or https on a host in AVATAR_HOSTS. */
export function isAllowedFace(face: string): boolean {
  return face === "" || isAcceptedAvatar(face);
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
/** A face the user may set: none, the one they have, or one avatar-use.ts lets them use (a verified upload of theirs). */
async function mayUseFace(db: Db, storage: StorageProvider, userId: string, face: string): Promise<boolean> {
  if (face === "") return true;
  const [current] = await db.select({ face: users.face }).from(users).where(eq(users.id, userId));
  return face === current?.face || mayUseAvatar({ db, storage }, userId, face);
}

export async function updateOwnProfile(
  db: Db,
  storage: StorageProvider,
  userId: string,
  changes: ProfileChanges,
): Promise<UserInfo> {
  if (changes.face !== undefined && !(await mayUseFace(db, storage, userId, changes.face))) {
    throw errors.badRequest(FACE_REFUSED);
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
