import type { UserInfo } from "../../../lib/contracts/accounts";
import { shownUserFace } from "../avatars/avatar-policy";
import type { SessionUser } from "../sessions/sessions";

/** The user's own profile as the client stores it (SPEC §3 / userInfoSchema: uid, key, name, face, sex, email). */
export function toOwnProfile(user: SessionUser): UserInfo {
  const sex = user.sex === 1 || user.sex === 0 ? user.sex : -1;
  return { uid: user.id, key: user.key, name: user.name, face: shownUserFace(user.face), sex, email: user.email };
}
