import { eq } from "drizzle-orm";
import { robots, users } from "../../db/schema";
import type { Db } from "../../db/types";
import type { Logger } from "../../logger";
import type { StorageProvider } from "../../providers/storage/types";
import { storedAvatarKey } from "../files/stored-avatar";

/**
 * The storage keys of the verified avatars these URLs name that no profile or character uses any more. Copies are
 * named by their content's hash, so two users (or a character and its copy) can share one file: it goes only
 * with its last user.
 */
export async function unusedAvatarKeys(db: Db, storage: StorageProvider, urls: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const url of new Set(urls)) {
    const key = storedAvatarKey(url, storage);
    if (!key) continue;
    const [profile] = await db.select({ id: users.id }).from(users).where(eq(users.face, url)).limit(1);
    if (profile) continue;
    const [character] = await db.select({ id: robots.id }).from(robots).where(eq(robots.avatar, url)).limit(1);
    if (!character) keys.push(key);
  }
  return keys;
}

/** Removes the files; a failure is logged (the rows that named them are gone already) and the rest go on. */
export async function removeStoredFiles(storage: StorageProvider, keys: string[], logger: Logger): Promise<void> {
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (err) {
      logger.error("removing a deleted account's file failed", {
        key,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
}
