/**
 * The characters this browser chatted with lately, kept locally so the offline page can list them (their chat
 * pages were seen, so the service worker has them). Cleared when the session ends: another account on the same
 * browser must not see them.
 */
import * as z from "zod/mini";
import { readCache, removeCache, writeCache } from "@/lib/cache/local-cache";
import { safeImageSrc } from "@/lib/format/safe-image-src";
import { RECENT_CHARACTERS_KEY } from "./recent-characters-key";

export { RECENT_CHARACTERS_KEY };
export const RECENT_CHARACTERS_LIMIT = 8;
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

const recentCharacter = z.object({
  id: z.number().check(z.int(), z.positive()),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  avatar: z.nullable(z.string().check(z.maxLength(2048))),
});
export type RecentCharacter = z.infer<typeof recentCharacter>;
const recentList = z.array(recentCharacter).check(z.maxLength(RECENT_CHARACTERS_LIMIT));

export function readRecentCharacters(now: number = Date.now()): RecentCharacter[] {
  const entry = readCache(RECENT_CHARACTERS_KEY, recentList, { maxAgeMs: KEEP_MS, now });
  // Avatars are re-checked on the way out as well: the entry lives in storage anyone on the device can edit.
  return (entry?.value ?? []).map((c) => ({ ...c, avatar: c.avatar ? safeImageSrc(c.avatar) : null }));
}

/** Puts `character` first (once), keeping the most recent RECENT_CHARACTERS_LIMIT. */
export function rememberRecentCharacter(character: RecentCharacter, now: number = Date.now()): void {
  const parsed = recentCharacter.safeParse(character);
  if (!parsed.success) return;
  const rest = readRecentCharacters(now).filter((c) => c.id !== parsed.data.id);
  writeCache(RECENT_CHARACTERS_KEY, [parsed.data, ...rest].slice(0, RECENT_CHARACTERS_LIMIT), now);
}

export function forgetRecentCharacters(): void {
  removeCache(RECENT_CHARACTERS_KEY);
}
