import { eq } from "drizzle-orm";
import { RET, type InnerAnswer, type UserInfo } from "../../../lib/contracts/accounts";
import { users } from "../../db/schema";
import { AppError, errors } from "../../errors";
import { checkPassword } from "../crypto/passwords";
import { decryptPassword, loadRsaKeys } from "../crypto/rsa-keys";
import { createSession } from "../sessions/sessions";
import { consumeAccountToken, issueAccountToken } from "./account-tokens";
import { INNER_MESSAGES, innerFail, innerOk } from "./answers";
import type { AccountsContext } from "./context";
import { ACCOUNT_LIMITS, spendLimits } from "./limits";
import { toOwnProfile } from "./profile";
import { findUserByEmail } from "./users";

export const LOGIN_FAILED_CODE = 40002;
export const LOGIN_FAILED_MESSAGE = "Login failed. Please try again later.";

/**
 * verify_login: 12004 for an unknown e-mail and for a wrong password alike (an unknown e-mail still costs one
 * argon2 verification), else a 5-minute single-use account token. Rate limits are spent by the caller.
 */
export async function verifyLogin(ctx: AccountsContext, input: { name: string; verify_pwd: string }): Promise<InnerAnswer> {
  const plain = decryptPassword(await loadRsaKeys(ctx.config), input.verify_pwd);
  const user = await findUserByEmail(ctx.db, input.name);
  const valid = await checkPassword(user?.passwordHash, plain);
  if (!user || !valid) return innerFail(RET.PASSWORD_ERROR, INNER_MESSAGES.passwordError);
  return innerOk({ access_token: await issueAccountToken(ctx.db, user.id, false) });
}

/**
 * POST /v1/app/login: uses the account token up (atomically, once) and opens a session, 30 days with keep 1,
 * else 7. A dead token is HTTP 400 code 40002 (never 401: that code logs the browser out).
 */
export async function appLogin(
  ctx: AccountsContext,
  input: { access_token: string; keep: 0 | 1 },
): Promise<{ access_token: string; user_info: UserInfo; is_new: boolean }> {
  const retry = await spendLimits(ctx.store, [[ACCOUNT_LIMITS.appLoginIp, ctx.ip]]);
  if (retry !== null) throw errors.rateLimited(retry);
  const used = await consumeAccountToken(ctx.db, input.access_token);
  if (!used) throw new AppError(400, LOGIN_FAILED_CODE, LOGIN_FAILED_MESSAGE);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, used.userId)).limit(1);
  if (!user) throw new AppError(400, LOGIN_FAILED_CODE, LOGIN_FAILED_MESSAGE);
  const session = await createSession(ctx.db, user.id, input.keep === 1);
  return { access_token: session.token, user_info: toOwnProfile(user), is_new: used.newAccount };
}
