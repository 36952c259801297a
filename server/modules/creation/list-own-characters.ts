import { count, desc, eq } from "drizzle-orm";
import type { OwnCharacterPage } from "../../../lib/contracts/creation";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { visibilityOf } from "../catalogue/character-credit";
import { cardColumns, toCards } from "../catalogue/robot-cards";

/** GET /v1/user/robot/list: the user's own characters of every visibility, newest first, with the total. */
export async function listOwnCharacters(
  db: Db,
  userId: string,
  input: { page: number; pageSize: number },
): Promise<OwnCharacterPage> {
  const mine = eq(robots.creatorId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...cardColumns, visibility: robots.visibility, createdAt: robots.createdAt })
      .from(robots)
      .where(mine)
      .orderBy(desc(robots.createdAt), desc(robots.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(robots).where(mine),
  ]);
  const cards = await toCards(db, rows);
  return {
    list: cards.map((card, i) => ({
      ...card,
      visibility: visibilityOf(rows[i]!.visibility),
      created_at: Math.floor(rows[i]!.createdAt.getTime() / 1000),
    })),
    total: total?.n ?? 0,
    page: input.page,
    page_size: input.pageSize,
  };
}
