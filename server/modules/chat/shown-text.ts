import { and, eq, ne } from "drizzle-orm";
import { chatMessages } from "../../db/schema";
import type { Db } from "../../db/types";
import type { MessageRow } from "./chat-history";

/**
 * Cuts a settled reply that the user stopped to the text their screen showed (its `shown_length`). A complete
 * reply cut short becomes partial; what was charged stays charged (the model wrote the text, the user chose to see
 * less of it). Rows still `streaming` are left alone: whoever writes their final text cuts it then. Idempotent, and
 * safe beside another call for the same row: the length is set once, and a settled reply's text changes only here.
 * Returns the row as it is now (undefined if it does not exist).
 */
export async function keepShownText(db: Db, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  if (!row || row.shownLength === null || row.status === "streaming") return row;
  const content = shownPart(row.content, row.shownLength);
  if (content === row.content) return row;
  const status = row.status === "complete" ? "partial" : row.status;
  const [cut] = await db
    .update(chatMessages)
    .set({ content, status })
    .where(and(eq(chatMessages.id, id), ne(chatMessages.status, "streaming")))
    .returning();
  return cut ?? row;
}

/** The first `length` code units of text, without half of a surrogate pair at the cut. */
export function shownPart(text: string, length: number): string {
  if (length >= text.length) return text;
  const cut = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
