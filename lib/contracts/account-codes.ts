/**
 * Inner answer codes of the account paths (SPEC §7). Without zod, so first-load code (the auth store's logout and
 * public-key calls) can use them; lib/contracts/accounts-client.ts and accounts.ts re-export them.
 */
export const RET = {
  OK: 1,
  ACCOUNT_EXISTS: 12006, // exist_account: the e-mail has an account
  PASSWORD_ERROR: 12004, // verify_login: wrong password (or no such account: never revealed)
  EMAIL_CODE_ERROR: 12015, // verify_register: wrong, expired or used e-mail code
  CAPTCHA_ERROR: 40001, // verify_register: wrong or expired captcha
  ACCOUNT_TAKEN: 12007, // verify_register: the e-mail registered meanwhile
  RATE_LIMITED: 42900, // any: too many attempts, try later
  FAILED: 50000, // any other failure
} as const;

/** Envelope code of app_login for an unknown, used or expired account token (HTTP 400, never 401: that signs out). */
export const LOGIN_FAILED_CODE = 40002;
/** Envelope code of a failed OAuth sign-in (HTTP 400). */
export const OAUTH_FAILED_CODE = 40003;

/** Envelope codes of the account's own data calls (lib/contracts/account-data.ts). */
export const ACCOUNT_DATA_CODES = {
  /** Delete: the confirmation is not the account's ID (HTTP 400). */
  CONFIRMATION_MISMATCH: 40004,
  /** Delete: the renewing subscription could not be cancelled at the payment provider, so nothing was deleted. */
  SUBSCRIPTION_NOT_CANCELLED: 50210,
} as const;
