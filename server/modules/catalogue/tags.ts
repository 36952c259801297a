import { and, asc, count, eq } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { Tag } from "../../../lib/contracts/catalogue";
import { robots, robotTags, tags } from "../../db/schema";
import type { Db } from "../../db/types";
import { cachedRead } from "./catalogue-cache";
import { visibleCharacters } from "./character-visibility";

const SAFE_VIEWER: Viewer = { ageVerified: false, nsfw: false };

/** All tags in display order, each with how many characters this viewer can see in it. */
export function listTags(db: Db, viewer: Viewer = SAFE_VIEWER): Promise<Tag[]> {
  return cachedRead(`tags:${viewer.nsfw}`, () =>
    db
      .select({ key: tags.key, name: tags.name, description: tags.description, robot_count: count(robots.id) })
      .from(tags)
      .leftJoin(robotTags, eq(robotTags.tagId, tags.id))
      .leftJoin(robots, and(eq(robots.id, robotTags.robotId), visibleCharacters({ nsfw: viewer.nsfw })))
      .groupBy(tags.id)
      .orderBy(asc(tags.sort), asc(tags.id)),
  );
}

export async function getTag(db: Db, key: string, viewer: Viewer = SAFE_VIEWER): Promise<Tag | null> {
  return (await listTags(db, viewer)).find((t) => t.key === key) ?? null;
}
