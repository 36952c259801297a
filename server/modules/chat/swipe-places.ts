import { asc, inArray } from "drizzle-orm";
import { chatMessages } from "../../db/schema";
import type { Db } from "../../db/types";
import type { MessageRow } from "./chat-history";

type SwipeRow = Pick<MessageRow, "id" | "swipeGroup" | "status" | "chosen">;

/** A reply's place among its swipes, as the history and the swipe calls answer it. */
export interface SwipePlace {
  swipe_index: number;
  swipe_count: number;
}

/**
 * The swipes the user can flip between: every settled reply of the group, except ones that failed without text
 * (a regeneration removes those), unless one is the chosen reply.
 */
export function visible(rows: SwipeRow[]): SwipeRow[] {
  return rows.filter((r) => r.status !== "streaming" && (r.status !== "failed" || r.chosen));
}

/** Every reply of these swipe groups, oldest first (chat_messages_swipe_idx). */
export async function groupRows(db: Db, groups: number[]): Promise<SwipeRow[]> {
  if (groups.length === 0) return [];
  return db
    .select({
      id: chatMessages.id,
      swipeGroup: chatMessages.swipeGroup,
      status: chatMessages.status,
      chosen: chatMessages.chosen,
    })
    .from(chatMessages)
    .where(inArray(chatMessages.swipeGroup, groups))
    .orderBy(asc(chatMessages.id));
}

/** The swipe places of the replies among `rows` that have swipes, by id: one statement, only when some have. */
export async function swipePlaces(db: Db, rows: MessageRow[]): Promise<Map<number, SwipePlace>> {
  const groups = [...new Set(rows.flatMap((r) => (r.swipeGroup === null ? [] : [r.swipeGroup])))];
  const members = visible(await groupRows(db, groups));
  const places = new Map<number, SwipePlace>();
  for (const row of rows) {
    if (row.swipeGroup === null) continue;
    const swipes = members.filter((m) => m.swipeGroup === row.swipeGroup);
    const index = swipes.findIndex((m) => m.id === row.id);
    if (index >= 0) places.set(row.id, { swipe_index: index, swipe_count: swipes.length });
  }
  return places;
}
