import { isAllowedAvatarUrl, isLocalAvatarPath } from "./avatar-url";

/**
 * Images from data we stored (avatars): this site's avatar paths, or https URLs without credentials or a port.
 * The server already replaced avatars outside AVATAR_HOSTS before sending them (server/modules/avatars/
 * avatar-policy.ts); this is the browser's last check of the shape (javascript:, data:, http:, other paths: null).
 */
export function safeImageSrc(src: string | null | undefined): string | null {
  if (!src) return null;
  if (isLocalAvatarPath(src)) return src;
  try {
    return isAllowedAvatarUrl(src, [new URL(src).hostname]) ? src : null;
  } catch {
    return null;
  }
}
