import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Db } from "../../db/types";
import { normalizeEmail } from "./context";
import { friendlyNickname } from "./friendly-nickname";

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A default unique-looking ID: user_ + 8 random base36 characters (13, within the 3-20 rule). */
export function defaultUserKey(): string {
  let key = "user_";
  for (let i = 0; i < 8; i++) key += BASE36[randomInt(36)];
  return key;
}

/** Postgres unique violation (23505), through drizzle's error wrapping; optionally of one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === "23505") {
      if (!constraint) return true;
      return name === constraint || (typeof message === "string" && message.includes(constraint));
    }
  }
  return false;
}

export async function findUserByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; email: string | null; passwordHash: string | null } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row ?? null;
}

export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== null;
}

/**
 * Inserts a verified e-mail user with a default ID, a generated nickname (never the address) and sex -1. Null when the e-mail has an account
 * (the unique index decides, so a concurrent registration cannot slip through). Retries an ID collision.
 */
export async function insertEmailUser(db: Db, rawEmail: string, passwordHash: string): Promise<{ id: string } | null> {
  const email = rawEmail.trim(); // kept as typed (compared lower-cased everywhere)
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(users)
      .values({
        key: defaultUserKey(),
        name: friendlyNickname(),
        sex: -1,
        email,
        emailVerified: true,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) return row;
    if (await emailHasAccount(db, email)) return null;
  }
  throw new Error("could not find a free default user ID");
}
