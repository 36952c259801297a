import { UPLOAD_MAX_BYTES } from "../../../lib/contracts/files";
import type { StorageProvider } from "../../providers/storage/types";
import { avatarKey } from "../../providers/storage/storage-keys";

const HASHED_WEBP = /\/avatars\/([0-9a-f]{64})\.webp$/;

/**
 * The storage key of a verified copy named by `url` (this site's `/v1/file/avatars/{hash}.webp`, or the same name
 * under the storage's public URL), else null: nothing else is ever read, so stored data cannot make the server
 * fetch a URL.
 */
export function storedAvatarKey(url: string, storage: StorageProvider): string | null {
  const hash = HASHED_WEBP.exec(url)?.[1];
  if (!hash) return null;
  const key = avatarKey(hash);
  return url === storage.publicUrl(key) ? key : null;
}

/** A verified copy's bytes, or null when `url` names none or it is gone. */
export async function readStoredAvatar(url: string, storage: StorageProvider): Promise<Buffer | null> {
  const key = storedAvatarKey(url, storage);
  if (!key) return null;
  const bytes = await storage.read(key, UPLOAD_MAX_BYTES);
  return bytes ? Buffer.from(bytes) : null;
}
