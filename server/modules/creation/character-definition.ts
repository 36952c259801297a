import { and, asc, eq } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { cardExtrasSchema, type CharacterDefinition } from "../../../lib/contracts/creation";
import { normalizeLorebook } from "../../../lib/cards/card-lorebook";
import { robots, robotTags, tags, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { shownCharacterAvatar } from "../avatars/avatar-policy";
import { creditOf, visibilityOf } from "../catalogue/character-credit";
import { ageAllows, visibleCharacters } from "../catalogue/character-visibility";

export type DefinitionResult =
  | { status: "ok"; definition: CharacterDefinition; avatarStored: string }
  | { status: "not_found" }
  | { status: "age_required" };

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Stored card data, read through the contract's schema (defaults fill what an older row lacks). */
function keptCard(stored: unknown): CharacterDefinition["card"] {
  const parsed = cardExtrasSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : cardExtrasSchema.parse({});
}

/**
 * Everything a character holds, for whoever may open it: its creator always, anyone else when it is public or
 * unlisted; NSFW ones only after the age check (the creator's own included, like the detail).
 */
export async function readDefinition(
  db: Db,
  id: number,
  audience: { userId?: string; viewer: Viewer },
): Promise<DefinitionResult> {
  const [row] = await db
    .select({
      robot: robots,
      creatorKey: users.key,
      creatorName: users.name,
    })
    .from(robots)
    .leftJoin(users, eq(users.id, robots.creatorId))
    .where(and(eq(robots.id, id), visibleCharacters({ opening: true, owner: audience.userId, nsfw: true })))
    .limit(1);
  if (!row) return { status: "not_found" };
  const r = row.robot;
  const isOwner = audience.userId !== undefined && r.creatorId === audience.userId;
  if (!isOwner && !ageAllows(r, audience.viewer)) return { status: "age_required" };
  const tagRows = await db
    .select({ key: tags.key, name: tags.name })
    .from(robotTags)
    .innerJoin(tags, eq(tags.id, robotTags.tagId))
    .where(eq(robotTags.robotId, r.id))
    .orderBy(asc(tags.sort), asc(tags.id));
  return {
    status: "ok",
    avatarStored: r.avatar,
    definition: {
      id: r.id,
      key: r.key,
      name: r.name,
      avatar: shownCharacterAvatar(r.avatar, r.key),
      intro: r.intro,
      greeting: r.greeting,
      alternate_greetings: r.alternateGreetings,
      persona: r.persona,
      scenario: r.scenario,
      example_dialogue: r.exampleDialogue,
      tags: tagRows,
      nsfw: r.nsfw,
      visibility: visibilityOf(r.visibility),
      card: keptCard(r.cardExtras),
      lorebook: normalizeLorebook(r.lorebook).lorebook,
      copied_from: creditOf(r),
      creator: row.creatorKey ? { key: row.creatorKey, name: row.creatorName ?? "" } : null,
      is_owner: isOwner,
      created_at: seconds(r.createdAt),
      updated_at: seconds(r.updatedAt),
    },
  };
}
