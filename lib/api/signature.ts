/**
 * Request signature (SPEC §7). Pure and environment-neutral: the server imports this same module to verify,
 * so nothing here may touch window or document.
 *
 * sign = md5(k1 + v1 + k2 + v2 + ... + key) over every param (query params, top-level JSON body fields and the
 * lm_* fields) sorted by key in code-unit order, skipping undefined, null and "" values. The MD5 itself is in
 * sign-params.ts, which the browser loads with its first request rather than with the page.
 */

export const SIGNATURE_FIELDS = ["lm_s_id", "lm_s_ts", "lm_s_str", "lm_s_ver", "h5"] as const;
type SignatureField = (typeof SIGNATURE_FIELDS)[number];
export type SignatureFields = Record<SignatureField, string>;

/** Header that carries the signature. */
export const SIGNATURE_HEADER = "lm-s-sign";
export const SIGNATURE_VERSION = "1";
export const NONCE_LENGTH = 16;

const FALLBACK_SIGNING_KEY = "kewl-web-signing-v1";
const NONCE_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** The signing key from configuration, read at call time (NEXT_PUBLIC_ so the browser bundle inlines it). */
export function defaultSigningKey(): string {
  return process.env.NEXT_PUBLIC_SIGNING_KEY ?? FALLBACK_SIGNING_KEY;
}

/** The string form a param value takes in the canonical string; null when the param is skipped. */
export function serializeValue(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "boolean":
    case "bigint":
      return String(value);
    case "object":
      return JSON.stringify(value) ?? null;
    default:
      // functions and symbols never reach the wire
      return null;
  }
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** k1 + v1 + k2 + v2 + ... + key, keys ascending by code unit, empty values skipped. */
export function canonicalString(params: Record<string, unknown>, key: string): string {
  let out = "";
  for (const name of Object.keys(params).sort(compareCodeUnits)) {
    const value = serializeValue(params[name]);
    if (value !== null) out += name + value;
  }
  return out + key;
}

/** Random [a-z0-9] string from the platform CSPRNG (browser and Node 20 both expose globalThis.crypto). */
export function createNonce(length: number = NONCE_LENGTH): string {
  let out = "";
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 252 = 7 * 36: reject the tail so every character is equally likely
      if (byte < 252 && out.length < length) out += NONCE_ALPHABET[byte % 36];
    }
  }
  return out;
}

/** The five lm fields for one request. Timestamp is unix seconds as a string. */
export function createSignatureFields(
  deviceId: string,
  now: number = Date.now(),
  nonce: string = createNonce(),
): SignatureFields {
  return {
    lm_s_id: deviceId,
    lm_s_ts: String(Math.floor(now / 1000)),
    lm_s_str: nonce,
    lm_s_ver: SIGNATURE_VERSION,
    h5: "1",
  };
}
