import type { Db } from "../../db/types";
import { consumeOneTimeToken, issueAccountToken, issueOneTimeToken } from "../accounts/account-tokens";

/** The code the OAuth callback hands to the popup: 256-bit, hash stored, 2 minutes, single use. */
export const OAUTH_CODE_TTL_MS = 2 * 60_000;

export function issueOAuthCode(db: Db, userId: string, newAccount: boolean): Promise<string> {
  return issueOneTimeToken(db, "oauth_code", userId, OAUTH_CODE_TTL_MS, newAccount);
}

/** POST /v1/channel/getacctoken: uses the code up (atomically) and answers an account token, or null. */
export async function exchangeOAuthCode(db: Db, code: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const used = await consumeOneTimeToken(tx, "oauth_code", code);
    return used ? issueAccountToken(tx, used.userId, used.newAccount) : null;
  });
}
