import { randomBytes } from "node:crypto";
import { chatModels, robots, users } from "@/server/db/schema";
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

/** A character (key `${name}`, greeting "Hi") and a chat model (key `model`) to store turns with; the character's id. */
export async function createRobotAndModel(db: Db, key: string, name: string, model: string): Promise<number> {
  const [robot] = await db.insert(robots).values({ key, name, greeting: "Hi" }).returning({ id: robots.id });
  await db.insert(chatModels).values({ key: model, name, providerModel: model });
  return robot!.id;
}
