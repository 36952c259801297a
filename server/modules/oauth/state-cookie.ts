import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { loadRsaKeys, type RsaKeyConfig } from "../crypto/rsa-keys";

/** The sign-in attempt's secrets between /v1/oauth/start and /v1/oauth/callback, in a signed cookie. */
export const OAUTH_COOKIE = "kewl_oauth";
export const OAUTH_COOKIE_PATH = "/v1/oauth";
export const OAUTH_COOKIE_MAX_AGE_S = 600;

const attemptSchema = z.object({
  state: z.string().min(16).max(200),
  nonce: z.string().min(16).max(200),
  verifier: z.string().min(43).max(128),
  exp: z.number().int(),
});
export type OAuthAttempt = z.infer<typeof attemptSchema>;

/** HMAC-SHA256 key derived from the server's RSA private key (shared by every instance that shares the key). */
export async function cookieKey(config: RsaKeyConfig): Promise<Buffer> {
  const { privateKey } = await loadRsaKeys(config);
  const pem = privateKey.export({ type: "pkcs8", format: "pem" });
  return createHash("sha256").update("kewl-oauth-cookie\n").update(pem).digest();
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac("sha256", key).update(payload).digest();
}

export function sealAttempt(key: Buffer, attempt: Omit<OAuthAttempt, "exp">, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...attempt, exp: now + OAUTH_COOKIE_MAX_AGE_S * 1000 })).toString(
    "base64url",
  );
  return `${payload}.${mac(key, payload).toString("base64url")}`;
}

/** The attempt when the cookie is authentic and not expired, else null. */
export function openAttempt(key: Buffer, value: string | undefined, now = Date.now()): OAuthAttempt | null {
  const [payload, signature, extra] = (value ?? "").split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = attemptSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success && parsed.data.exp > now ? parsed.data : null;
  } catch {
    return null;
  }
}
