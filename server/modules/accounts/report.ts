import type { z } from "zod";
import {
  captchaParam,
  existAccountParam,
  INNER_PATHS,
  publicKeyParam,
  RET,
  sendEmailParam,
  verifyLoginParam,
  verifyRegisterParam,
  type InnerAnswer,
  type InnerPath,
} from "../../../lib/contracts/accounts";
import { CONTROL_CHARACTERS_MESSAGE, fieldWithControlCharacter } from "../../../lib/contracts/fields";
import { errors } from "../../errors";
import { loadRsaKeys } from "../crypto/rsa-keys";
import { INNER_MESSAGES, innerFail, innerOk, innerRateLimited } from "./answers";
import { createCaptcha } from "./captcha";
import { normalizeEmail, type AccountsContext } from "./context";
import { ACCOUNT_LIMITS, spendLimits, type LimitRule } from "./limits";
import { verifyLogin } from "./login";
import { verifyRegister } from "./register";
import { sendAccountEmail } from "./send-email";
import { emailHasAccount } from "./users";

interface InnerHandler<S extends z.ZodType> {
  schema: S;
  /** Spent before the payload is even parsed. */
  ipLimit?: LimitRule;
  /** Spent after validation, before any work. */
  limits?: (input: z.infer<S>) => Array<[LimitRule, string]>;
  run: (ctx: AccountsContext, input: z.infer<S>) => Promise<InnerAnswer>;
}

type AnyHandler = InnerHandler<z.ZodType>;
const define = <S extends z.ZodType>(h: InnerHandler<S>): AnyHandler => h as unknown as AnyHandler;

/** The allow-list: the six inner paths of SPEC §7, each with its payload schema, limits and handler. */
const HANDLERS: Record<InnerPath, AnyHandler> = {
  "/1/api/exist_account": define({
    schema: existAccountParam,
    ipLimit: ACCOUNT_LIMITS.existAccountIp,
    limits: (p) => [[ACCOUNT_LIMITS.existAccountEmail, normalizeEmail(p.name)]],
    run: async (ctx, p) =>
      (await emailHasAccount(ctx.db, p.name)) ? innerFail(RET.ACCOUNT_EXISTS, INNER_MESSAGES.accountExists) : innerOk(),
  }),
  "/2/api/user/get_public_key": define({
    schema: publicKeyParam,
    run: async (ctx) => innerOk({ public_key: (await loadRsaKeys(ctx.config)).publicKeyPem }),
  }),
  "/1/api/user/captcha": define({
    schema: captchaParam,
    ipLimit: ACCOUNT_LIMITS.captchaIp,
    limits: (p) => [[ACCOUNT_LIMITS.captchaEmail, normalizeEmail(p.email)]],
    run: async (ctx, p) =>
      innerOk({
        captcha: await createCaptcha(ctx.db, {
          email: p.email,
          blackBox: p.black_box,
          fixedAnswer: ctx.config.TEST_CAPTCHA_ANSWER,
        }),
      }),
  }),
  "/1/api/user/send_email": define({
    schema: sendEmailParam,
    ipLimit: ACCOUNT_LIMITS.sendEmailIp,
    limits: (p) => [
      [ACCOUNT_LIMITS.sendEmailEmail, `${p.type}:${normalizeEmail(p.email)}`],
      [ACCOUNT_LIMITS.sendEmailEmailHour, normalizeEmail(p.email)],
    ],
    run: (ctx, p) => sendAccountEmail(ctx, { email: p.email, type: p.type }),
  }),
  "/2/api/user/verify_register": define({
    schema: verifyRegisterParam,
    ipLimit: ACCOUNT_LIMITS.registerIp,
    limits: (p) => [[ACCOUNT_LIMITS.registerEmail, normalizeEmail(p.name)]],
    run: (ctx, p) => verifyRegister(ctx, p),
  }),
  "/2/api/user/verify_login": define({
    schema: verifyLoginParam,
    ipLimit: ACCOUNT_LIMITS.loginIp,
    // Per account: exponential back-off on failures (login-backoff.ts), decided inside verifyLogin.
    run: (ctx, p) => verifyLogin(ctx, p),
  }),
};

const INNER_PATH_SET = new Set<string>(INNER_PATHS);

export function isInnerPath(url: string): url is InnerPath {
  return INNER_PATH_SET.has(url);
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid field 'param'";
  const path = issue.code === "unrecognized_keys" ? [...issue.path, ...issue.keys.slice(0, 1)] : issue.path;
  return `Invalid field '${["param", ...path].join(".")}': ${issue.message}`;
}

function parseParam(raw: string): unknown {
  if (raw.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw errors.badRequest("Invalid field 'param': must be a JSON object string");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw errors.badRequest("Invalid field 'param': must be a JSON object string");
  }
  // The same backstop as the request's own query and body (server/api/middleware/input-text.ts), one level in.
  const field = fieldWithControlCharacter(parsed);
  if (field !== null) throw errors.badRequest(`Invalid field 'param.${field}': ${CONTROL_CHARACTERS_MESSAGE}`);
  return parsed;
}

/**
 * POST /v1/channel/report's inner dispatch, for an allow-listed path only (never a fetch). Malformed payloads
 * throw a 400 naming the field; every other outcome is an inner answer { ret, status, msg, data }.
 */
export async function runInnerPath(ctx: AccountsContext, path: InnerPath, rawParam: string): Promise<InnerAnswer> {
  const handler = HANDLERS[path];
  if (handler.ipLimit) {
    const retry = await spendLimits(ctx.store, [[handler.ipLimit, ctx.ip]]);
    if (retry !== null) return innerRateLimited(retry);
  }
  const parsed = handler.schema.safeParse(parseParam(rawParam));
  if (!parsed.success) throw errors.badRequest(describeIssue(parsed.error));
  if (handler.limits) {
    const retry = await spendLimits(ctx.store, handler.limits(parsed.data));
    if (retry !== null) return innerRateLimited(retry);
  }
  return handler.run(ctx, parsed.data);
}
