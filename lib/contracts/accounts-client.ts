/**
 * zod/mini twins of the lib/contracts/accounts.ts pieces that first-load browser code needs (the auth store's
 * public-key fetch and logout). lib/contracts/accounts.ts stays classic zod for the server and re-exports RET
 * from here; keep the two innerAnswerSchema definitions in step (tests/unit/contracts-client.test.ts checks it).
 */
import * as z from "zod/mini";

// ---- inner answer codes ----
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

/** Mini twin of accounts.ts innerAnswerSchema: `{ ret, status, msg, data }`. */
export const innerAnswerSchema = z.object({
  ret: z.int(),
  status: z.int(),
  msg: z.string(),
  data: z.unknown(),
});
export type InnerAnswer = z.infer<typeof innerAnswerSchema>;
