import { and, desc, eq, max, sum } from "drizzle-orm";
import { robots, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { cachedRead } from "./catalogue-cache";
import { visibleCharacters } from "./character-visibility";
import { popularFirst } from "./search-terms";
import { listTags } from "./tags";

/**
 * One sitemap file holds at most 50,000 URLs (sitemaps.org). The most chatted-with characters and the creators
 * of the most chatted-with characters come first, so a catalogue past the caps drops its least visited pages.
 */
export const SITEMAP_CHARACTER_CAP = 40_000;
export const SITEMAP_PROFILE_CAP = 9_000;

export interface SitemapEntries {
  characters: { id: number; updatedAt: Date }[];
  tags: string[];
  profiles: { key: string; updatedAt: Date | null }[];
}

// What a visitor who has not passed the age check can open: public characters, NSFW ones left out.
const listed = () => visibleCharacters({ nsfw: false });

/** The catalogue's listable pages: public characters, tags that have some, creators with public characters. */
export function sitemapEntries(db: Db): Promise<SitemapEntries> {
  return cachedRead("sitemap", async () => {
    const [characters, tags, profiles] = await Promise.all([
      db
        .select({ id: robots.id, updatedAt: robots.updatedAt })
        .from(robots)
        .where(listed())
        .orderBy(...popularFirst)
        .limit(SITEMAP_CHARACTER_CAP),
      listTags(db),
      db
        .select({ key: users.key, updatedAt: max(robots.updatedAt) })
        .from(users)
        .innerJoin(robots, and(eq(robots.creatorId, users.id), listed()))
        .groupBy(users.id)
        .orderBy(desc(sum(robots.chatCount)), users.key)
        .limit(SITEMAP_PROFILE_CAP),
    ]);
    return {
      characters,
      tags: tags.filter((t) => t.robot_count > 0).map((t) => t.key),
      profiles: profiles.map((p) => ({ key: p.key, updatedAt: p.updatedAt ? new Date(p.updatedAt) : null })),
    };
  });
}
