import { RET, type InnerAnswer } from "../../../lib/contracts/accounts";

/** Messages of the inner answers (SPEC §8 wording where the spec has one). */
export const INNER_MESSAGES = {
  ok: "success",
  accountExists: "An account with this email already exists.",
  passwordError: "Incorrect password. Please check and try again.",
  emailCodeError: "Incorrect email verification code. Please try again.",
  captchaError: "Incorrect captcha. Please try again.",
  accountTaken: "An account with this email already exists. Please sign in.",
  rateLimited: "Too many attempts. Please try again later.",
  registrationFailed: "Registration failed. Please try again later.",
} as const;

/** ret 1, status 1: success. */
export function innerOk(data: unknown = null): InnerAnswer {
  return { ret: RET.OK, status: RET.OK, msg: INNER_MESSAGES.ok, data };
}

/** A refusal: status mirrors ret, so a client reading either field sees the code (SPEC §8 "ret or status"). */
export function innerFail(ret: number, msg: string, data: unknown = null): InnerAnswer {
  return { ret, status: ret, msg, data };
}

export function innerRateLimited(retryAfterSeconds: number): InnerAnswer {
  return innerFail(RET.RATE_LIMITED, INNER_MESSAGES.rateLimited, { retry_after: retryAfterSeconds });
}
