import { eq } from "drizzle-orm";
import { LOGIN_FAILED_CODE } from "../../../lib/contracts/account-codes";
import { RET, type InnerAnswer, type UserInfo } from "../../../lib/contracts/accounts";
import { users } from "../../db/schema";
import { AppError, errors } from "../../errors";
import { checkPassword } from "../crypto/passwords";
import { decryptPassword, loadRsaKeys } from "../crypto/rsa-keys";
import { createSession } from "../sessions/sessions";
import { consumeAccountToken, issueAccountToken } from "./account-tokens";
import { INNER_MESSAGES, innerFail, innerOk, innerRateLimited } from "./answers";
import { normalizeEmail, type AccountsContext } from "./context";
import { isKnownDevice, rememberDevice } from "./known-devices";
import { ACCOUNT_LIMITS, spendLimits } from "./limits";
import { openSignInAttempt } from "./login-backoff";
import { toOwnProfile } from "./profile";
import { findUserByEmail } from "./users";

export const LOGIN_FAILED_MESSAGE = "Login failed. Please try again later.";

export interface VerifyLoginInput {
  name: string;
  verify_pwd: string;
  device_id?: string;
}

/**
 * verify_login: 12004 for an unknown e-mail and for a wrong password alike (an unknown e-mail still costs one
 * argon2 verification), else a 5-minute single-use account token. The per-address rate limit is spent by the
 * caller; the back-off (login-backoff.ts) is decided here, before the password is decrypted or checked: a
 * device that signed in to this account before skips the account's back-off, never the password or the
 * address's. The right password makes the device known.
 */
export async function verifyLogin(ctx: AccountsContext, input: VerifyLoginInput): Promise<InnerAnswer> {
  const email = normalizeEmail(input.name);
  const user = await findUserByEmail(ctx.db, email);
  const device = input.device_id ?? null;
  const knownDevice = user && device && (await isKnownDevice(ctx.db, user.id, device)) ? device : null;
  const gate = await openSignInAttempt(ctx.store, { email, ip: ctx.ip, knownDevice });
  if (!gate.open) return innerRateLimited(gate.retryAfterSeconds);
  try {
    const plain = decryptPassword(await loadRsaKeys(ctx.config), input.verify_pwd);
    const valid = await checkPassword(user?.passwordHash, plain);
    if (!user || !valid) {
      if (await gate.failed()) ctx.logger.warn("sign-in backing off", { userId: user?.id ?? null, ip: ctx.ip });
      return innerFail(RET.PASSWORD_ERROR, INNER_MESSAGES.passwordError);
    }
    await gate.succeeded();
    if (device) await rememberDevice(ctx.db, user.id, device);
    return innerOk({ access_token: await issueAccountToken(ctx.db, user.id, false) });
  } finally {
    await gate.close();
  }
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
