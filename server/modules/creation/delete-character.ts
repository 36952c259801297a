import { eq } from "drizzle-orm";
import { robots } from "../../db/schema";
import type { Db } from "../../db/types";
import { invalidateCatalogue } from "../catalogue/catalogue-cache";
import { requireOwnCharacter } from "./own-character";

/**
 * POST /v1/user/robot/delete: gone for good. Its tag links, favourites, chats and their messages go with it
 * (ON DELETE CASCADE); copies keep their credit by name (copied_from_id is set null). A reply streaming at that
 * moment finds its row gone at its final write and ends with an error frame (reply-relay.ts).
 */
export async function deleteCharacter(db: Db, userId: string, id: number): Promise<{ id: number; deleted: true }> {
  await db.transaction(async (tx) => {
    const current = await requireOwnCharacter(tx, id, userId);
    await tx.delete(robots).where(eq(robots.id, current.id));
  });
  invalidateCatalogue();
  return { id, deleted: true };
}
