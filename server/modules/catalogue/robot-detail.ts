import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { RobotDetail } from "../../../lib/contracts/catalogue";
import { favorites, robots, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { shownUserFace } from "../avatars/avatar-policy";
import { ageAllows, visibleCharacters } from "./character-visibility";
import { cardColumns, toCards } from "./robot-cards";

export type RobotDetailResult =
  { status: "ok"; robot: RobotDetail } | { status: "not_found" } | { status: "age_required" };

/** One public character with its creator; read fresh (counts exact). NSFW ones need a verified age. */
export async function getRobotDetail(db: Db, id: number, viewer: Viewer, userId?: string): Promise<RobotDetailResult> {
  const [row] = await db
    .select({
      ...cardColumns,
      greeting: robots.greeting,
      scenario: robots.scenario,
      creatorKey: users.key,
      creatorName: users.name,
      creatorFace: users.face,
      isFavorite: userId
        ? sql<boolean>`exists (select 1 from ${favorites} where ${favorites.userId} = ${userId} and ${favorites.robotId} = ${robots.id})`
        : sql<boolean>`false`,
    })
    .from(robots)
    .leftJoin(users, eq(users.id, robots.creatorId))
    .where(and(eq(robots.id, id), visibleCharacters({ nsfw: true })))
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
      scenario: row.scenario,
      creator: row.creatorKey
        ? { key: row.creatorKey, name: row.creatorName ?? "", face: shownUserFace(row.creatorFace ?? "") }
        : null,
      is_favorite: Boolean(row.isFavorite),
    },
  };
}

export async function robotExists(db: Db, by: { id?: number; name?: string }): Promise<boolean> {
  const cond = by.id !== undefined ? eq(robots.id, by.id) : sql`lower(${robots.name}) = lower(${by.name ?? ""})`;
  const [row] = await db.select({ id: robots.id }).from(robots).where(cond).limit(1);
  return !!row;
}
