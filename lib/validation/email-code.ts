import { LIMITS } from "./auth-rules";

/** What the e-mail code field keeps of typed or pasted text: its digits, at most 6 ("123 456" → "123456"). */
export function cleanEmailCode(raw: string): string {
  return raw.replace(/\D+/g, "").slice(0, LIMITS.emailCode);
}
