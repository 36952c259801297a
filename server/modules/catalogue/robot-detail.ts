import { and, eq, ne, sql } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { RobotDetail } from "../../../lib/contracts/catalogue";
import { favorites, robots, users } from "../../db/schema";
import { nameKey } from "../../db/name-key";
import type { Db } from "../../db/types";
import { shownUserFace } from "../avatars/avatar-policy";
import { ageAllows, visibleCharacters } from "./character-visibility";
import { creditOf, visibilityOf } from "./character-credit";
import { cardColumns, toCards } from "./robot-cards";

export type RobotDetailResult =
  { status: "ok"; robot: RobotDetail } | { status: "not_found" } | { status: "age_required" };

/**
 * One character with its creator, as the visibility rule lets the caller open it (public, unlisted, or their own);
 * read fresh (counts exact). NSFW ones need a verified age. Pages pass no user: public and unlisted only.
 */
export async function getRobotDetail(db: Db, id: number, viewer: Viewer, userId?: string): Promise<RobotDetailResult> {
  const [row] = await db
    .select({
      ...cardColumns,
      greeting: robots.greeting,
      alternateGreetings: robots.alternateGreetings,
      scenario: robots.scenario,
      visibility: robots.visibility,
      copiedFromId: robots.copiedFromId,
      copiedFromName: robots.copiedFromName,
      copiedFromCreator: robots.copiedFromCreator,
      creatorKey: users.key,
      creatorName: users.name,
      creatorFace: users.face,
      isFavorite: userId
        ? sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.robotId} = ${robots.id})`
        : sql<boolean>`false`,
    })
    .from(robots)
    .leftJoin(users, eq(users.id, robots.creatorId))
    .where(and(eq(robots.id, id), visibleCharacters({ opening: true, owner: userId, nsfw: true })))
    .limit(1);
  if (!row) return { status: "not_found" };
  if (!ageAllows(row, viewer)) return { status: "age_required" };
  const [card] = await toCards(db, [row]);
  if (!card) return { status: "not_found" };
  return {
    status: "ok",
    robot: {
      ...card,
      greeting: row.greeting,
      alternate_greetings: row.alternateGreetings,
      scenario: row.scenario,
      visibility: visibilityOf(row.visibility),
      copied_from: creditOf(row),
      creator: row.creatorKey
        ? { key: row.creatorKey, name: row.creatorName ?? "", face: shownUserFace(row.creatorFace ?? "") }
        : null,
      is_favorite: Boolean(row.isFavorite),
    },
  };
}

/**
 * Whether a character anyone may open (public or unlisted) has this id, or this name case-insensitively, leaving
 * out `exclude_id` (the one being edited). Private ones never count: their names are their creators' business.
 */
export async function robotExists(db: Db, by: { id?: number; name?: string; exclude_id?: number }): Promise<boolean> {
  const cond =
    by.id !== undefined
      ? eq(robots.id, by.id)
      : and(
          sql`${nameKey(robots.name)} = ${nameKey(by.name ?? "")}`,
          by.exclude_id !== undefined ? ne(robots.id, by.exclude_id) : undefined,
        );
  const [row] = await db
    .select({ id: robots.id })
    .from(robots)
    .where(and(cond, visibleCharacters({ opening: true, nsfw: true })))
    .limit(1);
  return !!row;
}
