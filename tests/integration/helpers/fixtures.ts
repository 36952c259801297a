import { randomBytes } from "node:crypto";
import { users } from "@/server/db/schema";
import type { Db } from "@/server/db/types";
import { createSession } from "@/server/modules/sessions/sessions";

/** A user with a live session token. */
export async function createUserWithSession(db: Db, name = "Tester") {
  const key = `u_${randomBytes(5).toString("hex")}`;
  const [user] = await db
    .insert(users)
    .values({ key, name, email: `${key}@example.test` })
    .returning();
  if (!user) throw new Error("user insert failed");
  const { token } = await createSession(db, user.id, false);
  return { user, token };
}
