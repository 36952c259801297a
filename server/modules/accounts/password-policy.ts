import { LIMITS, MESSAGES, passwordRule } from "../../../lib/validation/auth-rules";

export const PASSWORD_TOO_LONG = "Password must be at most 128 characters";

/** SPEC §5 password rule on the decrypted value: the message to show, or null when it is fine. */
export function passwordProblem(plain: string): string | null {
  if (passwordRule.safeParse(plain).success) return null;
  return plain.length < LIMITS.passwordMin ? MESSAGES.password : PASSWORD_TOO_LONG;
}
