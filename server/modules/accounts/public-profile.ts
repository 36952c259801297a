import { sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Db } from "../../db/types";
import { shownUserFace } from "../avatars/avatar-policy";

export interface PublicProfile {
  id: string;
  key: string;
  name: string;
  face: string;
}

/** What anyone may see of a user: never the e-mail. IDs are matched case-insensitively, as they are unique so. */
export async function getPublicProfile(db: Db, key: string): Promise<PublicProfile | null> {
  const [row] = await db
    .select({ id: users.id, key: users.key, name: users.name, face: users.face })
    .from(users)
    .where(sql`lower(${users.key}) = lower(${key})`)
    .limit(1);
  return row ? { ...row, face: shownUserFace(row.face) } : null;
}
