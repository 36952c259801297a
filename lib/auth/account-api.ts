/**
 * The account calls of lib/contracts/accounts.ts, typed. Inner account paths go through POST /v1/channel/report
 * and resolve with the inner answer `{ ret, status, msg, data }` whatever its ret; transport and envelope
 * failures reject with ApiError (code -2 for the network).
 */
import { z } from "zod";
import { apiGet, apiPost } from "@/lib/api";
import { ApiError, NETWORK_ERROR_CODE } from "@/lib/api/errors";
import {
  accountTokenData,
  appLoginResponse,
  REG_TYPE,
  resetPasswordData,
  resetTokenCheckData,
  userInfoSchema,
  type InnerAnswer,
  type UserInfo,
} from "@/lib/contracts/accounts";
import { getDeviceId, storedDeviceId } from "@/lib/device-id";
import { BUSINESS, DEVTYPE, isInnerOk, report } from "./session-api";
import { getBlackBox } from "./storage";

// The first-load part (report, get_public_key, logout) lives in session-api.ts (zod/mini).
export { isInnerOk } from "./session-api";

/** send_email types (SPEC §9). */
export const EMAIL_TYPE = { REGISTER: 4, FORGOT_PASSWORD: 3 } as const;

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === NETWORK_ERROR_CODE;
}

/** ret or status equals `code` (SPEC §8: "ret or status 40001"). */
export function hasCode(answer: InnerAnswer, code: number): boolean {
  return answer.ret === code || answer.status === code;
}

/** The account token of a successful verify_login / verify_register answer, else null. */
export function accountToken(answer: InnerAnswer): string | null {
  if (!isInnerOk(answer)) return null;
  const parsed = accountTokenData.safeParse(answer.data);
  return parsed.success && parsed.data.access_token ? parsed.data.access_token : null;
}

export async function existAccount(email: string): Promise<InnerAnswer> {
  return report("/1/api/exist_account", "GET", { name: email });
}

const captchaData = z.object({ captcha: z.string().startsWith("data:image/") });

/** A captcha image as a data URI, or null when the answer has none. */
export async function fetchCaptcha(email: string): Promise<string | null> {
  const answer = await report("/1/api/user/captcha", "POST", { email, black_box: getBlackBox() });
  const parsed = captchaData.safeParse(answer.data);
  return isInnerOk(answer) && parsed.success ? parsed.data.captcha : null;
}

export async function sendEmail(
  email: string,
  type: (typeof EMAIL_TYPE)[keyof typeof EMAIL_TYPE],
): Promise<InnerAnswer> {
  return report("/1/api/user/send_email", "POST", {
    email,
    type,
    business: BUSINESS,
    appstyle: DEVTYPE,
    code_type: type,
    devtype: DEVTYPE,
  });
}

export async function verifyLogin(email: string, verifyPwd: string): Promise<InnerAnswer> {
  return report("/2/api/user/verify_login", "POST", {
    name: email,
    verify_pwd: verifyPwd,
    devtype: DEVTYPE,
    device_id: storedDeviceId(),
  });
}

export interface RegisterInput {
  email: string;
  /** Already encrypted (or plain when encryption was impossible). */
  password: string;
  captcha: string;
  verifyCode: string;
}

export async function verifyRegister(input: RegisterInput): Promise<InnerAnswer> {
  return report("/2/api/user/verify_register", "POST", {
    name: input.email,
    password: input.password,
    captcha: input.captcha,
    verify_code: input.verifyCode,
    verify_code_type: EMAIL_TYPE.REGISTER,
    code_type: EMAIL_TYPE.REGISTER,
    black_box: getBlackBox(),
    business: BUSINESS,
    devtype: DEVTYPE,
    need_active: 0,
    timestamp: Date.now(),
  });
}

/** user_info as SPEC §3 allows it ("name or nickname, key or user_name"), normalised to the contract's shape. */
const loginUserInfo = z.preprocess((raw) => {
  if (typeof raw !== "object" || raw === null) return raw;
  const info = raw as Record<string, unknown>;
  return {
    ...info,
    uid: typeof info.uid === "number" ? String(info.uid) : info.uid,
    name: info.name ?? info.nickname ?? "",
    key: info.key ?? info.user_name ?? "",
    face: info.face ?? "",
    email: info.email ?? null,
  };
}, userInfoSchema);
const loginResponse = appLoginResponse.extend({ user_info: loginUserInfo, is_new: z.boolean().optional() });

export type SessionData = { token: string; profile: UserInfo; isNew: boolean };

/** POST /v1/app/login: exchanges an account token for the session (SPEC §7). Rejects without an access_token. */
export async function appLogin(
  accountTokenValue: string,
  opts: { email?: string; keep: 0 | 1; regType?: (typeof REG_TYPE)[keyof typeof REG_TYPE] },
): Promise<SessionData> {
  const data = await apiPost(
    "/v1/app/login",
    {
      access_token: accountTokenValue,
      reg_type: opts.regType ?? REG_TYPE.EMAIL,
      device_type: DEVTYPE,
      model: DEVTYPE,
      keep: opts.keep,
      email: opts.email,
      tongdun_black_box: getBlackBox(),
      device_id: getDeviceId(),
    },
    { schema: loginResponse },
  );
  if (!data.access_token) throw new ApiError({ code: -1, msg: "Login failed" });
  return { token: data.access_token, profile: data.user_info, isNew: data.is_new ?? false };
}

export async function fetchUserInfo(): Promise<UserInfo> {
  return apiGet("/v1/user/info", undefined, { schema: userInfoSchema });
}

const existsData = z.object({ exists: z.boolean() });

export async function userKeyExists(key: string): Promise<boolean> {
  return (await apiPost("/v1/user/exists", { key }, { schema: existsData })).exists;
}

export async function updateUser(input: { name: string; sex: 1 | 0 | -1; key: string; face?: string }): Promise<void> {
  await apiPost("/v1/user/update", input);
}

/** Sets the new password; answers the account's address (for the page's Sign in). */
export async function resetPassword(token: string, password: string): Promise<{ email: string }> {
  return apiPost("/v1/user/reset_password", { token, password }, { schema: resetPasswordData });
}

/** Whether a reset link can still be used (nothing is used up). */
export async function resetTokenIsLive(token: string): Promise<boolean> {
  return (await apiPost("/v1/user/reset_password/check", { token }, { schema: resetTokenCheckData })).valid;
}
