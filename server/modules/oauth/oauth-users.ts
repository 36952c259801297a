import { and, eq, TransactionRollbackError } from "drizzle-orm";
import { oauthIdentities, users } from "../../db/schema";
import type { Db } from "../../db/types";
import { isAcceptedAvatar } from "../avatars/avatar-policy";
import { friendlyNickname } from "../accounts/friendly-nickname";
import { defaultUserKey, findUserByEmail } from "../accounts/users";
import { nicknameRule } from "../../../lib/validation/auth-rules";

/** What the provider's ID token says about the person. */
export interface OAuthProfile {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/**
 * The nickname: the provider's name (cut to 20 characters) when the nickname rule takes it (no bidi controls,
 * something visible), else a generated one (never the e-mail address).
 */
export function oauthNickname(profile: Pick<OAuthProfile, "name" | "email">): string {
  const name = Array.from(profile.name?.trim() ?? "")
    .slice(0, 20)
    .join("")
    .trim();
  return nicknameRule.safeParse(name).success ? name : friendlyNickname();
}

/** The provider's picture when the avatar rule accepts it (its host in AVATAR_HOSTS), else none. */
function safeFace(picture: string | null): string {
  return picture && isAcceptedAvatar(picture) ? picture : "";
}

async function findIdentity(db: Db, profile: OAuthProfile): Promise<string | null> {
  const [row] = await db
    .select({ userId: oauthIdentities.userId })
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.provider, profile.issuer), eq(oauthIdentities.subject, profile.subject)))
    .limit(1);
  return row?.userId ?? null;
}

async function linkIdentity(
  db: Db,
  userId: string,
  profile: OAuthProfile,
  verifiedEmail: string | null,
): Promise<boolean> {
  const rows = await db
    .insert(oauthIdentities)
    .values({ userId, provider: profile.issuer, subject: profile.subject, email: verifiedEmail })
    .onConflictDoNothing()
    .returning({ id: oauthIdentities.id });
  return rows.length > 0;
}

/** A new user for the identity; null when its verified e-mail got an account meanwhile. */
async function insertOAuthUser(db: Db, profile: OAuthProfile, verifiedEmail: string | null): Promise<string | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(users)
      .values({
        key: defaultUserKey(),
        name: oauthNickname(profile),
        face: safeFace(profile.picture),
        sex: -1,
        email: verifiedEmail,
        emailVerified: verifiedEmail !== null,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) return row.id;
    if (verifiedEmail && (await findUserByEmail(db, verifiedEmail))) return null;
  }
  throw new Error("could not find a free default user ID");
}

/**
 * The user of a provider identity: the linked one; else the account with the same e-mail when the provider
 * verified it (linked now); else a new user (keeping the e-mail only when verified). A concurrent sign-in of the
 * same identity makes the loser retry and find the winner's link.
 */
export async function resolveOAuthUser(db: Db, profile: OAuthProfile): Promise<{ userId: string; isNew: boolean }> {
  const verifiedEmail = profile.emailVerified && profile.email ? profile.email.trim() : null;
  for (let attempt = 0; attempt < 3; attempt++) {
    const linked = await findIdentity(db, profile);
    if (linked) return { userId: linked, isNew: false };
    const result = await db
      .transaction(async (tx) => {
        const existing = verifiedEmail ? await findUserByEmail(tx, verifiedEmail) : null;
        const userId = existing?.id ?? (await insertOAuthUser(tx, profile, verifiedEmail));
        if (!userId) return null;
        if (!(await linkIdentity(tx, userId, profile, verifiedEmail))) tx.rollback();
        return { userId, isNew: !existing };
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return null;
        throw err;
      });
    if (result) return result;
  }
  throw new Error("could not resolve the OAuth identity");
}
