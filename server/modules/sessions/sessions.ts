import { and, eq, gt, isNull, type Placeholder, type SQL } from "drizzle-orm";
import { authTokens, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { hashToken, newToken } from "./tokens";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 7 * DAY_MS;
export const SESSION_KEEP_TTL_MS = 30 * DAY_MS;

export interface SessionUser {
  id: string;
  key: string;
  name: string;
  face: string;
  sex: number;
  email: string | null;
}

export async function createSession(
  db: Db,
  userId: string,
  keep: boolean,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + (keep ? SESSION_KEEP_TTL_MS : SESSION_TTL_MS));
  await db.insert(authTokens).values({ userId, kind: "session", tokenHash: hashToken(token), keep, expiresAt });
  return { token, expiresAt };
}

/** The columns of a SessionUser, for selects that resolve a session along with other reads. */
export const sessionUserFields = {
  id: users.id,
  key: users.key,
  name: users.name,
  face: users.face,
  sex: users.sex,
  email: users.email,
};

/** Matches the auth_tokens row of a live session token: known, not expired, not revoked. */
export function liveSessionToken(token: string) {
  return liveSessionHash(hashToken(token), new Date());
}

/**
 * liveSessionToken from the token's hash (hashToken) and the time, as values or as placeholders of a statement
 * built once (reply-context.ts): give `now` as an ISO string then.
 */
export function liveSessionHash(tokenHash: string | Placeholder | SQL, now: Date | Placeholder) {
  return and(
    eq(authTokens.tokenHash, tokenHash),
    eq(authTokens.kind, "session"),
    isNull(authTokens.revokedAt),
    gt(authTokens.expiresAt, now),
  );
}

/** The user behind a live session token, or null for unknown, expired or revoked tokens. */
export async function resolveSession(db: Db, token: string): Promise<SessionUser | null> {
  const rows = await db
    .select(sessionUserFields)
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(liveSessionToken(token))
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt)));
}
