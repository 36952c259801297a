import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import type { FavoriteState, RobotPage } from "../../../lib/contracts/catalogue";
import { favorites, robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { visibleCharacters } from "./character-visibility";
import { cardColumns, toCards } from "./robot-cards";

/**
 * Favourite or unfavourite, idempotently. The count moves only when a row was really inserted or deleted, in the
 * same transaction, so repeated clicks and concurrent requests keep favorite_count exact.
 */
export async function setFavorite(db: Db, userId: string, robotId: number, on: boolean): Promise<FavoriteState | null> {
  return db.transaction(async (tx) => {
    const [robot] = await tx
      .select({ id: robots.id })
      .from(robots)
      .where(and(eq(robots.id, robotId), visibleCharacters({ opening: true, owner: userId, nsfw: true })));
    if (!robot) return null;
    const changed = on
      ? await tx
          .insert(favorites)
          .values({ userId, robotId })
          .onConflictDoNothing()
          .returning({ id: favorites.robotId })
      : await tx
          .delete(favorites)
          .where(and(eq(favorites.userId, userId), eq(favorites.robotId, robotId)))
          .returning({ id: favorites.robotId });
    const delta = changed.length === 0 ? 0 : on ? 1 : -1;
    const [updated] = await tx
      .update(robots)
      .set({ favoriteCount: sql`greatest(${robots.favoriteCount} + ${delta}, 0)` })
      .where(eq(robots.id, robotId))
      .returning({ favoriteCount: robots.favoriteCount });
    return { robot_id: robotId, favorited: on, favorite_count: updated?.favoriteCount ?? 0 };
  });
}

export async function favoritedAmong(db: Db, userId: string, robotIds: number[]): Promise<number[]> {
  const rows = await db
    .select({ robotId: favorites.robotId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.robotId, robotIds)));
  return rows.map((r) => r.robotId);
}

export async function listFavorites(
  db: Db,
  userId: string,
  input: { page: number; pageSize: number },
  viewer: Viewer,
): Promise<RobotPage> {
  const where = and(
    eq(favorites.userId, userId),
    visibleCharacters({ opening: true, owner: userId, nsfw: viewer.nsfw }),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(favorites)
      .innerJoin(robots, eq(robots.id, favorites.robotId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(robots.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(favorites).innerJoin(robots, eq(robots.id, favorites.robotId)).where(where),
  ]);
  return { list: await toCards(db, rows), total: total?.n ?? 0, page: input.page, page_size: input.pageSize };
}
