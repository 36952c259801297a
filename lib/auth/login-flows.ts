/**
 * The login modal's account flows (SPEC §4, §8) as plain async functions: each resolves with an outcome the
 * form can show, never rejects for an expected failure. No React and no store here; the caller keeps state.
 */
import { z } from "zod";
import { ApiError, REQUEST_FAILED_MESSAGE } from "@/lib/api/errors";
import { RET, type InnerAnswer } from "@/lib/contracts/accounts";
import {
  accountToken,
  appLogin,
  EMAIL_TYPE,
  existAccount,
  fetchCaptcha,
  hasCode,
  isInnerOk,
  isNetworkError,
  sendEmail,
  type SessionData,
  verifyLogin,
  verifyRegister,
} from "./account-api";
import { AUTH_MESSAGES, NETWORK_ERROR_MESSAGE, tryAgainIn } from "./messages";
import { encryptPassword } from "./rsa";

export type Failure<F extends string> = { ok: false; message: string; field?: F };
export type Outcome<T, F extends string = never> = ({ ok: true } & T) | Failure<F>;

/** The server's own message when it sent one, else `fallback`. */
function serverMessage(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.msg && error.msg !== REQUEST_FAILED_MESSAGE && error.code !== -1)
    return error.msg;
  return fallback;
}

function logged(context: string, error: unknown): void {
  console.warn(context, error);
}

/** exist_account: ret 12006 means the e-mail has an account; ret 1 means it does not. */
export async function lookupAccount(email: string): Promise<Outcome<{ exists: boolean }>> {
  try {
    const answer = await existAccount(email);
    if (hasCode(answer, RET.ACCOUNT_EXISTS)) return { ok: true, exists: true };
    if (isInnerOk(answer)) return { ok: true, exists: false };
    return { ok: false, message: answer.msg || REQUEST_FAILED_MESSAGE };
  } catch (error) {
    return { ok: false, message: serverMessage(error, NETWORK_ERROR_MESSAGE) };
  }
}

const retryAfterData = z.object({ retry_after: z.number().positive().finite() });

/** The seconds to wait of a 42900 answer (the sign-in back-off or a rate limit), else null. */
function retryAfter(answer: InnerAnswer): number | null {
  if (!hasCode(answer, RET.RATE_LIMITED)) return null;
  const parsed = retryAfterData.safeParse(answer.data);
  return parsed.success ? parsed.data.retry_after : null;
}

/** The session exchange after an account token: SPEC §7 POST /v1/app/login. */
async function exchange(
  token: string,
  email: string,
  keep: 0 | 1,
  fallback: string,
): Promise<Outcome<{ session: SessionData }, "password">> {
  try {
    return { ok: true, session: await appLogin(token, { email, keep }) };
  } catch (error) {
    return { ok: false, message: serverMessage(error, fallback) };
  }
}

/** Password step: encrypt with the fetched key, verify_login, then the session exchange (keep 0). */
export async function loginWithPassword(
  email: string,
  password: string,
  publicKey: () => Promise<string | null>,
): Promise<Outcome<{ session: SessionData }, "password">> {
  let token: string | null;
  try {
    const answer = await verifyLogin(email, await encryptPassword(password, await publicKey()));
    if (hasCode(answer, RET.PASSWORD_ERROR))
      return { ok: false, field: "password", message: AUTH_MESSAGES.passwordError };
    const wait = retryAfter(answer);
    if (wait !== null) return { ok: false, message: tryAgainIn(wait) };
    token = accountToken(answer);
    if (!token)
      return {
        ok: false,
        message: answer.msg && !isInnerOk(answer) ? answer.msg : AUTH_MESSAGES.loginVerificationFailed,
      };
  } catch (error) {
    return { ok: false, message: serverMessage(error, AUTH_MESSAGES.loginVerificationFailed) };
  }
  return exchange(token, email, 0, AUTH_MESSAGES.loginFailed);
}

export type RegisterField = "captcha" | "emailCode" | "password";

export interface RegisterValues {
  email: string;
  password: string;
  captcha: string;
  emailCode: string;
}

/** Register step: encrypt with the built-in key, verify_register, then the session exchange (keep 1). */
export async function registerAccount(
  values: RegisterValues,
  publicKey: () => Promise<string | null>,
): Promise<Outcome<{ session: SessionData }, RegisterField>> {
  let token: string | null;
  try {
    const answer = await verifyRegister({
      email: values.email,
      password: await encryptPassword(values.password, await publicKey().catch(() => null)),
      captcha: values.captcha.trim(),
      verifyCode: values.emailCode.trim(),
    });
    if (hasCode(answer, RET.CAPTCHA_ERROR)) return { ok: false, field: "captcha", message: AUTH_MESSAGES.captchaError };
    if (hasCode(answer, RET.EMAIL_CODE_ERROR))
      return { ok: false, field: "emailCode", message: AUTH_MESSAGES.emailCodeError };
    token = accountToken(answer);
    if (!token) return { ok: false, field: "password", message: AUTH_MESSAGES.registrationFailed };
  } catch (error) {
    if (isNetworkError(error)) return { ok: false, message: NETWORK_ERROR_MESSAGE };
    return { ok: false, field: "password", message: AUTH_MESSAGES.registrationFailed };
  }
  return exchange(token, values.email, 1, AUTH_MESSAGES.loginFailed);
}

/** A fresh captcha image (data URI); failures are only logged (SPEC §8). */
export async function loadCaptcha(email: string): Promise<string | null> {
  try {
    const image = await fetchCaptcha(email);
    if (!image) logged("captcha: no image in the answer", null);
    return image;
  } catch (error) {
    logged("captcha failed", error);
    return null;
  }
}

/** Sends the 6-digit register code; true on ret 1 and status 1. Failures are only logged (SPEC §8). */
export async function sendRegisterCode(email: string): Promise<boolean> {
  try {
    const answer = await sendEmail(email, EMAIL_TYPE.REGISTER);
    if (isInnerOk(answer)) return true;
    logged("send code refused", answer);
  } catch (error) {
    logged("send code failed", error);
  }
  return false;
}

/** Forgot password: send_email type 3. */
export async function sendResetLink(email: string): Promise<Outcome<object>> {
  try {
    const answer = await sendEmail(email, EMAIL_TYPE.FORGOT_PASSWORD);
    if (isInnerOk(answer)) return { ok: true };
    return { ok: false, message: answer.msg || AUTH_MESSAGES.resetEmailFailed };
  } catch (error) {
    return { ok: false, message: serverMessage(error, AUTH_MESSAGES.resetEmailFailed) };
  }
}
