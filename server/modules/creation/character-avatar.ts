import { CREATION_CODES } from "../../../lib/contracts/creation";
import { AppError } from "../../errors";
import { mayUseAvatar, type AvatarUseDeps } from "../files/avatar-use";
import { avatarPath } from "../avatars/render-avatar";

/** The generated avatar of a character's key (what "" asks for, and the export's fallback). */
export function generatedAvatar(key: string): string {
  return avatarPath("bottts", key);
}

/**
 * The avatar to store: "" gives the generated one; the avatar already stored is always kept; anything else must
 * be one the user may use (avatar-use.ts: the avatar rule, and a verified upload that exists and is theirs or
 * `copied`, the original's of a copy), else 400 40012.
 */
export async function avatarToStore(
  deps: AvatarUseDeps,
  userId: string,
  requested: string,
  key: string,
  kept: { stored?: string; copied?: string } = {},
): Promise<string> {
  if (requested === "") return generatedAvatar(key);
  if (requested === kept.stored) return requested;
  if (await mayUseAvatar(deps, userId, requested, kept.copied === undefined ? [] : [kept.copied])) return requested;
  throw new AppError(400, CREATION_CODES.AVATAR_NOT_ALLOWED, "This avatar cannot be used: upload an image instead");
}
