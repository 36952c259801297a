import { eq } from "drizzle-orm";
import { RESET_TOKEN_INVALID_CODE } from "../../../lib/contracts/accounts";
import { users } from "../../db/schema";
import { AppError, errors } from "../../errors";
import { passwords } from "../crypto/passwords";
import { decryptPassword, loadRsaKeys } from "../crypto/rsa-keys";
import { consumeResetToken, peekResetToken, revokeAllTokens } from "./account-tokens";
import type { AccountsContext } from "./context";
import { ACCOUNT_LIMITS, spendLimits } from "./limits";
import { passwordProblem } from "./password-policy";

export const RESET_TOKEN_INVALID_MESSAGE = "This reset link is invalid or has expired.";
const invalidLink = () => new AppError(400, RESET_TOKEN_INVALID_CODE, RESET_TOKEN_INVALID_MESSAGE);

/**
 * POST /v1/user/reset_password: sets a new password with the e-mailed single-use token and ends every session
 * of that user (and voids their other account and reset tokens). The password arrives like the register one
 * (RSA-OAEP or plain) and must meet the SPEC §5 rule.
 */
export async function resetPassword(
  ctx: AccountsContext,
  input: { token: string; password: string },
): Promise<{ email: string }> {
  const retry = await spendLimits(ctx.store, [[ACCOUNT_LIMITS.resetPasswordIp, ctx.ip]]);
  if (retry !== null) throw errors.rateLimited(retry);

  const plain = decryptPassword(await loadRsaKeys(ctx.config), input.password);
  if (plain === null)
    throw errors.badRequest("Invalid field 'password': it could not be decrypted; reload the page and try again");
  const problem = passwordProblem(plain);
  if (problem) throw errors.badRequest(`Invalid field 'password': ${problem}`);
  if (!(await peekResetToken(ctx.db, input.token))) throw invalidLink();

  const passwordHash = await passwords.hash(plain);
  const { userId, email } = await ctx.db.transaction(async (tx) => {
    const owner = await consumeResetToken(tx, input.token);
    if (!owner) throw invalidLink();
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, owner))
      .returning({ email: users.email });
    await revokeAllTokens(tx, owner);
    return { userId: owner, email: row?.email ?? "" };
  });
  ctx.logger.info("password reset", { userId });
  return { email };
}

/**
 * POST /v1/user/reset_password/check: whether a reset link can still be used, so the page says so on load
 * instead of after the new password is typed. Answers only a boolean (nothing about the account) and uses
 * nothing up; rate-limited per address like the reset itself.
 */
export async function checkResetToken(ctx: AccountsContext, token: string): Promise<{ valid: boolean }> {
  const retry = await spendLimits(ctx.store, [[ACCOUNT_LIMITS.resetCheckIp, ctx.ip]]);
  if (retry !== null) throw errors.rateLimited(retry);
  return { valid: (await peekResetToken(ctx.db, token)) !== null };
}
