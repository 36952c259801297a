import { CREATION_CODES } from "../../../lib/contracts/creation";
import { AppError } from "../../errors";
import { isAcceptedAvatar } from "../avatars/avatar-policy";
import { avatarPath } from "../avatars/render-avatar";

/** The generated avatar of a character's key (what "" asks for, and the export's fallback). */
export function generatedAvatar(key: string): string {
  return avatarPath("bottts", key);
}

/**
 * The avatar to store: "" gives the generated one; anything else must pass the avatar rule (this site's avatar
 * routes, verified uploads, AVATAR_HOSTS), else 400 40012. The avatar already stored is always kept.
 */
export function avatarToStore(requested: string, key: string, stored?: string): string {
  if (requested === "") return generatedAvatar(key);
  if (requested === stored || isAcceptedAvatar(requested)) return requested;
  throw new AppError(400, CREATION_CODES.AVATAR_NOT_ALLOWED, "This avatar cannot be used: upload an image instead");
}
