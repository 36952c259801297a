import { RET, type InnerAnswer } from "../../../lib/contracts/accounts";
import { passwords } from "../crypto/passwords";
import { decryptPassword, loadRsaKeys } from "../crypto/rsa-keys";
import { issueAccountToken } from "./account-tokens";
import { INNER_MESSAGES, innerFail, innerOk } from "./answers";
import { consumeCaptcha } from "./captcha";
import { normalizeEmail, type AccountsContext } from "./context";
import { checkEmailCode, consumeEmailCode } from "./email-codes";
import { passwordProblem } from "./password-policy";
import { emailHasAccount, insertEmailUser } from "./users";

export interface RegisterInput {
  name: string;
  password: string;
  captcha: string;
  verify_code: string;
  black_box: string;
}

class Refusal extends Error {
  constructor(readonly answer: InnerAnswer) {
    super(answer.msg);
  }
}

/**
 * verify_register: the captcha first (used up by any attempt: 40001), then the e-mail code (a wrong one spends
 * one of its 5 tries: 12015), then the password rules (50000 with the rule's message). Creates a verified user
 * (argon2id) with a default ID and nickname, and answers a 5-minute single-use account token. The e-mail
 * registered meanwhile: 12007. Rate limits are spent by the caller before this runs.
 */
export async function verifyRegister(ctx: AccountsContext, input: RegisterInput): Promise<InnerAnswer> {
  const { db } = ctx;
  const email = normalizeEmail(input.name);
  if (!(await consumeCaptcha(db, { email, blackBox: input.black_box, answer: input.captcha }))) {
    return innerFail(RET.CAPTCHA_ERROR, INNER_MESSAGES.captchaError);
  }
  const codeId = await checkEmailCode(db, email, 4, input.verify_code);
  if (!codeId) return innerFail(RET.EMAIL_CODE_ERROR, INNER_MESSAGES.emailCodeError);

  const plain = decryptPassword(await loadRsaKeys(ctx.config), input.password);
  if (plain === null) return innerFail(RET.FAILED, INNER_MESSAGES.registrationFailed);
  const problem = passwordProblem(plain);
  if (problem) return innerFail(RET.FAILED, problem);
  if (await emailHasAccount(db, email)) return innerFail(RET.ACCOUNT_TAKEN, INNER_MESSAGES.accountTaken);

  const passwordHash = await passwords.hash(plain);
  try {
    return await db.transaction(async (tx) => {
      if (!(await consumeEmailCode(tx, codeId)))
        throw new Refusal(innerFail(RET.EMAIL_CODE_ERROR, INNER_MESSAGES.emailCodeError));
      const user = await insertEmailUser(tx, input.name, passwordHash);
      if (!user) throw new Refusal(innerFail(RET.ACCOUNT_TAKEN, INNER_MESSAGES.accountTaken));
      const token = await issueAccountToken(tx, user.id, true);
      ctx.logger.info("account created", { userId: user.id });
      return innerOk({ access_token: token });
    });
  } catch (err) {
    if (err instanceof Refusal) return err.answer;
    throw err;
  }
}
