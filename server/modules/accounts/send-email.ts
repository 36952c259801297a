import { issueResetToken, RESET_TOKEN_TTL_MS } from "./account-tokens";
import { innerOk } from "./answers";
import { linkBase, normalizeEmail, type AccountsContext } from "./context";
import { EMAIL_CODE_TTL_MS, issueEmailCode } from "./email-codes";
import { findUserByEmail } from "./users";
import { sendMail } from "../mail/send-mail";
import { registerCodeMail, resetLinkMail } from "../mail/templates";
import type { InnerAnswer } from "../../../lib/contracts/accounts";

/** send_email types (SPEC §9): 4 register code, 3 forgot password. */
const REGISTER_CODE_TYPE = 4;
const RESET_LINK_TYPE = 3;

/**
 * send_email. Type 4: a 6-digit register code, unless the e-mail already has an account (then nothing is sent,
 * the answer is the same). Type 3: a password reset link when the e-mail has an account. Always ret 1: the
 * answer never tells whether an account exists. Rate limits are spent by the caller before this runs.
 */
export async function sendAccountEmail(
  ctx: AccountsContext,
  input: { email: string; type: 3 | 4 },
): Promise<InnerAnswer> {
  const email = normalizeEmail(input.email);
  const user = await findUserByEmail(ctx.db, email);
  const mailDeps = { db: ctx.db, config: ctx.config, logger: ctx.logger };
  if (input.type === REGISTER_CODE_TYPE) {
    if (!user) {
      const code = await issueEmailCode(ctx.db, email, REGISTER_CODE_TYPE);
      const to = input.email.trim(); // as typed: only its case may differ from the normalised form
      await sendMail(mailDeps, registerCodeMail(to, code, EMAIL_CODE_TTL_MS / 60_000), { background: true });
    }
    return innerOk();
  }
  if (input.type === RESET_LINK_TYPE && user) {
    const token = await issueResetToken(ctx.db, user.id);
    const link = `${linkBase(ctx)}/reset-password?token=${encodeURIComponent(token)}`;
    await sendMail(mailDeps, resetLinkMail(user.email ?? email, link, RESET_TOKEN_TTL_MS / 60_000), {
      background: true,
    });
  }
  return innerOk();
}
