import { and, eq } from "drizzle-orm";
import { files, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import type { StorageProvider } from "../../providers/storage/types";
import { isAcceptedAvatar } from "../avatars/avatar-policy";
import { readStoredAvatar, storedAvatarKey } from "./stored-avatar";

export interface AvatarUseDeps {
  db: Db;
  storage: StorageProvider;
}

/**
 * Whether userId may store `url` as an avatar. Anything but a verified upload: the avatar rule alone. A verified
 * upload (avatars/{sha256}.webp) only when its file exists and the user verified that image, or a character of
 * theirs already shows it, or it is one of `allowed` (what the character or profile has now, the copied original's).
 */
export async function mayUseAvatar(
  deps: AvatarUseDeps,
  userId: string,
  url: string,
  allowed: readonly string[] = [],
): Promise<boolean> {
  if (!isAcceptedAvatar(url)) return false;
  const key = storedAvatarKey(url, deps.storage);
  if (!key) return true;
  if (!(await readStoredAvatar(url, deps.storage))) return false;
  if (allowed.includes(url)) return true;
  const [verified] = await deps.db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.storageKey, key), eq(files.userId, userId)))
    .limit(1);
  if (verified) return true;
  const [shown] = await deps.db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.creatorId, userId), eq(robots.avatar, url)))
    .limit(1);
  return shown !== undefined;
}

/** Records that userId verified the stored file `key` (again is nothing new). */
export async function recordVerifiedFile(
  db: Db,
  userId: string,
  file: { key: string; contentType: string; size: number },
): Promise<void> {
  await db
    .insert(files)
    .values({ userId, storageKey: file.key, contentType: file.contentType, size: file.size })
    .onConflictDoNothing({ target: [files.storageKey, files.userId] });
}
