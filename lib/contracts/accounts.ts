import { z } from "zod";
import { DEVICE_ID_PATTERN } from "../device-id";
import { emailRule, nicknameRule, sexRule, userIdRule } from "../validation/auth-rules";
import { text } from "./fields";

/**
 * Accounts payloads (SPEC §7, ARCHITECTURE.md "Tokens"). The account paths run through the generic proxy
 * POST /v1/channel/report, which dispatches ONLY to the inner paths below (an allow-list, never a fetch).
 * Its envelope's `data` is the inner answer `{ ret, status, msg, data }`: ret 1 and status 1 is success.
 * verify_login / verify_register / getacctoken return a short-lived single-use ACCOUNT token, which
 * POST /v1/app/login exchanges for the SESSION token and the user's info.
 */

// ---- inner answer codes (defined with the browser twin, lib/contracts/accounts-client.ts) ----
export { RET } from "./accounts-client";

export const INNER_PATHS = [
  "/1/api/exist_account",
  "/2/api/user/get_public_key",
  "/1/api/user/captcha",
  "/1/api/user/send_email",
  "/2/api/user/verify_register",
  "/2/api/user/verify_login",
] as const;
export type InnerPath = (typeof INNER_PATHS)[number];

/** POST /v1/channel/report */
export const reportRequest = z.object({
  url: text().min(1).max(200),
  type: z.enum(["GET", "POST", "get", "post"]),
  /** The inner payload as a JSON string (SPEC §7). */
  param: text().max(16_384),
  has_token: z.boolean().optional(),
});

export const innerAnswerSchema = z.object({
  ret: z.number().int(),
  status: z.number().int(),
  msg: z.string(),
  data: z.unknown(),
});
export type InnerAnswer = z.infer<typeof innerAnswerSchema>;

// ---- inner payloads (inside `param`) ----
/** GET /1/api/exist_account → ret 12006 if the e-mail has an account, else ret 1. */
export const existAccountParam = z.object({ name: emailRule });
/** GET /2/api/user/get_public_key → data { public_key: SPKI PEM } for RSA-OAEP (SHA-256). */
export const publicKeyParam = z.object({ devtype: text().max(20).optional(), business: text().max(40).optional() });
/** POST /1/api/user/captcha → data { captcha: "data:image/svg+xml;base64,…" }, bound to e-mail + black box. */
export const captchaParam = z.object({ email: emailRule, black_box: text().max(200).default("") });
/** POST /1/api/user/send_email: type 4 sends a 6-digit register code, type 3 a reset link. Always ret 1 for type 3. */
export const sendEmailParam = z.object({
  email: emailRule,
  type: z.union([z.literal(4), z.literal(3)]),
  business: text().max(40).optional(),
  appstyle: text().max(40).optional(),
  access_token: text().max(200).optional(),
  code_type: z.union([text(), z.number()]).optional(),
  devtype: text().max(20).optional(),
});
/** POST /2/api/user/verify_register → data { access_token } (account token). */
export const verifyRegisterParam = z.object({
  name: emailRule,
  password: text().min(1).max(2048), // RSA-OAEP base64 ciphertext, or the plain password
  captcha: text().max(20),
  verify_code: text().max(20),
  black_box: text().max(200).default(""),
  redirect_uri: text().max(500).optional(),
  business: text().max(40).optional(),
  code_type: z.union([text(), z.number()]).optional(),
  need_active: z.union([text(), z.number(), z.boolean()]).optional(),
  devtype: text().max(20).optional(),
  timestamp: z.union([text(), z.number()]).optional(),
  verify_code_type: z.union([text(), z.number()]).optional(),
});
/**
 * POST /2/api/user/verify_login → data { access_token } (account token). device_id is the browser's id
 * (lib/device-id.ts): one that signed in to this account before skips the account's back-off (never the
 * password check or the per-address limits); a refusal while backing off is ret 42900 with data.retry_after.
 */
export const verifyLoginParam = z.object({
  name: emailRule,
  verify_pwd: text().min(1).max(2048), // RSA-OAEP base64 ciphertext
  redirect_uri: text().max(500).optional(),
  devtype: text().max(20).optional(),
  device_id: text().regex(DEVICE_ID_PATTERN, "must be 32 lower-case hex digits").optional(),
});
export const accountTokenData = z.object({ access_token: z.string() });

// ---- first-class endpoints ----
export const REG_TYPE = { EMAIL: 108, THIRD_PARTY: 102 } as const;

/** POST /v1/app/login: exchanges an account token for a session. */
export const appLoginRequest = z.object({
  access_token: text().min(16).max(200),
  reg_type: z.union([z.literal(108), z.literal(102)]).default(102),
  device_type: text().max(20).default("web"),
  model: text().max(40).default("web"),
  keep: z.union([z.literal(0), z.literal(1)]).default(0),
  email: text().max(254).optional(),
  tongdun_black_box: text().max(200).optional(),
  device_id: text().max(100).optional(),
  send_msg: z.union([text(), z.number(), z.boolean()]).optional(),
  send_msg_uid: z.union([text(), z.number()]).optional(),
});

/** The signed-in user as the client stores it (SPEC §3). */
export const userInfoSchema = z.object({
  uid: z.string(),
  key: z.string(),
  name: z.string(),
  face: z.string(),
  sex: sexRule,
  email: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const appLoginResponse = z.object({ access_token: z.string(), user_info: userInfoSchema, is_new: z.boolean() });

/** POST /v1/user/update: a user edits only their own profile. 409 code 12008 when the ID is taken. */
export const ID_TAKEN_CODE = 12008;
export const userUpdateRequest = z.object({
  name: nicknameRule,
  sex: sexRule,
  key: userIdRule,
  face: text().max(500).optional(),
});

/** POST /v1/user/exists: { key } → { exists } (case-insensitive, excluding the caller's own ID). */
export const userExistsRequest = z.object({ key: text().min(1).max(40) });

/** POST /v1/user/logout: revokes the session token on the server. */
export const logoutRequest = z.object({});

/** POST /v1/user/reset_password: { token (from the e-mailed link), password } ; ends every session of that user. */
export const resetPasswordRequest = z.object({ token: text().min(16).max(200), password: text().min(1).max(2048) });
export const RESET_TOKEN_INVALID_CODE = 12010;
/** The reset's answer: the account's address, so the page's Sign in can fill it in. */
export const resetPasswordData = z.object({ email: z.string() });

/** POST /v1/user/reset_password/check: { token } → { valid } (live, unused, unexpired); uses nothing up. */
export const resetTokenCheckRequest = z.object({ token: text().min(16).max(200) });
export const resetTokenCheckData = z.object({ valid: z.boolean() });

/** POST /v1/channel/getacctoken: the one-time code from the OAuth return → { access_token } (account token). */
export const getAccTokenRequest = z.object({ code: text().min(16).max(200), callbackurl: text().max(500).optional() });

/** GET /v1/test/outbox?email= (TEST_OUTBOX_ENABLED only): the latest mail sent to that address. */
export const testOutboxQuery = z.object({ email: text().trim().min(3).max(254) });
