import { and, eq, gt, isNull } from "drizzle-orm";
import { authTokens } from "../../db/schema";
import type { Db } from "../../db/types";
import { hashToken, newToken } from "../sessions/tokens";

/** Account tokens: what verify_login / verify_register answer; /v1/app/login exchanges one for a session. */
export const ACCOUNT_TOKEN_TTL_MS = 5 * 60_000;
/** Password reset tokens, e-mailed as a link by send_email type 3. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

/** The single-use kinds of auth_tokens (sessions are handled in ../sessions). */
export type OneTimeKind = "account" | "password_reset" | "oauth_code";

/** A fresh 256-bit single-use token of a kind (only its SHA-256 hash is stored), valid for ttlMs. */
export async function issueOneTimeToken(
  db: Db,
  kind: OneTimeKind,
  userId: string,
  ttlMs: number,
  newAccount = false,
): Promise<string> {
  const token = newToken();
  await db.insert(authTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    newAccount,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

function live(kind: OneTimeKind, token: string) {
  return and(
    eq(authTokens.tokenHash, hashToken(token)),
    eq(authTokens.kind, kind),
    isNull(authTokens.usedAt),
    isNull(authTokens.revokedAt),
    gt(authTokens.expiresAt, new Date()),
  );
}

/** Uses a token up atomically: one conditional update, so two concurrent uses cannot both win. */
export async function consumeOneTimeToken(
  db: Db,
  kind: OneTimeKind,
  token: string,
): Promise<{ userId: string; newAccount: boolean } | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(live(kind, token))
    .returning({ userId: authTokens.userId, newAccount: authTokens.newAccount });
  return row ?? null;
}

/** What verify_login / verify_register answer: valid 5 minutes, single use. */
export function issueAccountToken(db: Db, userId: string, newAccount: boolean): Promise<string> {
  return issueOneTimeToken(db, "account", userId, ACCOUNT_TOKEN_TTL_MS, newAccount);
}

export function consumeAccountToken(db: Db, token: string): Promise<{ userId: string; newAccount: boolean } | null> {
  return consumeOneTimeToken(db, "account", token);
}

/** A fresh reset token (256-bit, hash stored, 30 minutes, single use); older unused ones of the user die. */
export async function issueResetToken(db: Db, userId: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(authTokens.userId, userId),
          eq(authTokens.kind, "password_reset"),
          isNull(authTokens.usedAt),
          isNull(authTokens.revokedAt),
        ),
      );
    return issueOneTimeToken(tx, "password_reset", userId, RESET_TOKEN_TTL_MS);
  });
}

/** The user a live reset token belongs to, without using it up. */
export async function peekResetToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(live("password_reset", token))
    .limit(1);
  return row?.userId ?? null;
}

/** Uses up a reset token atomically; the user it belonged to, or null when it was not live. */
export async function consumeResetToken(db: Db, token: string): Promise<string | null> {
  return (await consumeOneTimeToken(db, "password_reset", token))?.userId ?? null;
}

/** Ends every session of a user and voids their outstanding account and reset tokens. */
export async function revokeAllTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), isNull(authTokens.usedAt)));
}
