import { asc, eq, inArray } from "drizzle-orm";
import type { RobotCard } from "../../../lib/contracts/catalogue";
import { robots, robotTags, tags } from "../../db/schema";
import type { Db } from "../../db/types";
import { shownCharacterAvatar } from "../avatars/avatar-policy";

export const cardColumns = {
  id: robots.id,
  key: robots.key,
  name: robots.name,
  intro: robots.intro,
  avatar: robots.avatar,
  nsfw: robots.nsfw,
  chatCount: robots.chatCount,
  favoriteCount: robots.favoriteCount,
};

export type CardRow = {
  id: number;
  key: string;
  name: string;
  intro: string;
  avatar: string;
  nsfw: boolean;
  chatCount: number;
  favoriteCount: number;
};

/** Turns rows into API cards with their tags, in one extra query for the whole page. */
export async function toCards(db: Db, rows: CardRow[]): Promise<RobotCard[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ robotId: robotTags.robotId, key: tags.key, name: tags.name })
    .from(robotTags)
    .innerJoin(tags, eq(tags.id, robotTags.tagId))
    .where(
      inArray(
        robotTags.robotId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(tags.sort));
  const byRobot = new Map<number, { key: string; name: string }[]>();
  for (const l of links) {
    const list = byRobot.get(l.robotId) ?? [];
    list.push({ key: l.key, name: l.name });
    byRobot.set(l.robotId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    intro: r.intro,
    avatar: shownCharacterAvatar(r.avatar, r.key),
    nsfw: r.nsfw,
    chat_count: r.chatCount,
    favorite_count: r.favoriteCount,
    tags: byRobot.get(r.id) ?? [],
  }));
}
