import type { Visibility } from "../../../lib/validation/character-rules";
import { VISIBILITIES } from "../../../lib/validation/character-rules";

export interface CreditColumns {
  copiedFromId: number | null;
  copiedFromName: string | null;
  copiedFromCreator: string | null;
}

/** The credit to the original of a copy, as answers give it (its id is null once the original is deleted). */
export function creditOf(row: CreditColumns): { id: number | null; name: string; creator_name: string } | null {
  if (row.copiedFromName === null) return null;
  return { id: row.copiedFromId, name: row.copiedFromName, creator_name: row.copiedFromCreator ?? "" };
}

/** The stored visibility (the database's CHECK allows only these). */
export function visibilityOf(stored: string): Visibility {
  return (VISIBILITIES as readonly string[]).includes(stored) ? (stored as Visibility) : "private";
}
