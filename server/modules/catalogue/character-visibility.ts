import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Viewer } from "../../../lib/age-gate/cookies";
import { robots } from "../../db/schema";

export interface CharacterAudience {
  /**
   * Opening one character (its page, detail, chat, history, export, a favourite or a recent chat) rather than
   * listing: unlisted characters count too. Lists and search leave it off: public only.
   */
  opening?: boolean;
  /** Who else may see their own private characters: a user id, or a column holding one. Listings give none. */
  owner?: string | SQLWrapper;
  /**
   * Whether NSFW characters count. Listings: the viewer's NSFW setting. Opening one character: true, then
   * ageAllows() tells the age gate (403) from not found; or the viewer's age check when both answer 404.
   */
  nsfw: boolean;
}

/**
 * The one rule for which characters someone may see, as a condition on `robots`: public ones in lists and search;
 * opening one, also unlisted ones (anyone with the link); and always the owner's own, private ones included.
 */
export function visibleCharacters(audience: CharacterAudience): SQL {
  const shared = audience.opening
    ? sql`${robots.visibility} in ('public', 'unlisted')`
    : sql`${robots.visibility} = 'public'`;
  const seen = audience.owner === undefined ? shared : sql`(${shared} or ${eq(robots.creatorId, audience.owner)})`;
  return audience.nsfw ? seen : sql`${seen} and ${robots.nsfw} = false`;
}

/** Whether a visible character may be opened: NSFW ones only after the viewer's age check. */
export function ageAllows(character: { nsfw: boolean }, viewer: Viewer): boolean {
  return !character.nsfw || viewer.ageVerified;
}
