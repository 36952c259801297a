import type { KeyValueStore } from "../limits/key-value-store";

export interface LimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Abuse limits of the account flows, on top of the API-wide per-IP limit. They are spent before any costly work
 * (argon2, RSA, mail), so a refused request costs one counter increment. Fixed windows in the shared store.
 */
export const ACCOUNT_LIMITS = {
  existAccountIp: { name: "exist:ip", limit: 30, windowMs: MINUTE },
  existAccountEmail: { name: "exist:email", limit: 30, windowMs: MINUTE },
  captchaIp: { name: "captcha:ip", limit: 20, windowMs: MINUTE },
  captchaEmail: { name: "captcha:email", limit: 10, windowMs: MINUTE },
  sendEmailIp: { name: "mail:ip", limit: 5, windowMs: 10 * MINUTE },
  /** Per e-mail and type: the client's 60 s countdown. */
  sendEmailEmail: { name: "mail:email", limit: 1, windowMs: MINUTE },
  sendEmailEmailHour: { name: "mail:email:hour", limit: 5, windowMs: 60 * MINUTE },
  loginIp: { name: "login:ip", limit: 10, windowMs: MINUTE },
  registerIp: { name: "register:ip", limit: 10, windowMs: MINUTE },
  registerEmail: { name: "register:email", limit: 10, windowMs: 15 * MINUTE },
  appLoginIp: { name: "app-login:ip", limit: 30, windowMs: MINUTE },
  oauthCodeIp: { name: "oauth-code:ip", limit: 30, windowMs: MINUTE },
  resetPasswordIp: { name: "reset:ip", limit: 10, windowMs: MINUTE },
  resetCheckIp: { name: "reset-check:ip", limit: 30, windowMs: MINUTE },
} as const satisfies Record<string, LimitRule>;

export function limitKey(rule: LimitRule, subject: string): string {
  return `acct:${rule.name}:${subject}`;
}

/**
 * Spends one hit on each rule in order and stops at the first one over its limit (later rules are not spent).
 * Returns the seconds until that window resets, or null when every rule allowed the request.
 */
export async function spendLimits(store: KeyValueStore, checks: Array<[LimitRule, string]>): Promise<number | null> {
  for (const [rule, subject] of checks) {
    const { count, resetMs } = await store.hit(limitKey(rule, subject), rule.windowMs);
    if (count > rule.limit) return Math.max(1, Math.ceil(resetMs / 1000));
  }
  return null;
}
