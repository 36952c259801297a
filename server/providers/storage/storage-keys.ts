import { randomBytes } from "node:crypto";
import { UPLOAD_KEY_PATTERN } from "../../../lib/contracts/files";

/** A verified copy: named by the sha256 of its bytes, so a name never changes content (immutable caching). */
export const AVATAR_KEY_PATTERN = /^avatars\/[0-9a-f]{64}\.webp$/;

/** An incoming upload's key: one per ticket, under the user's own prefix, with 144 random bits. */
export function incomingKey(userId: string): string {
  return `incoming/${userId}/${randomBytes(18).toString("base64url")}`;
}

export function incomingPrefix(userId: string): string {
  return `incoming/${userId}/`;
}

export function avatarKey(sha256Hex: string): string {
  return `avatars/${sha256Hex}.webp`;
}

/** Only the shapes the server makes: no `..`, no absolute path, no other folder (the disk adapter relies on it). */
export function isStorageKey(key: string): boolean {
  return UPLOAD_KEY_PATTERN.test(key) || AVATAR_KEY_PATTERN.test(key);
}

export function assertStorageKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
}
