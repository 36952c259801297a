/**
 * Password encryption (SPEC §5, ARCHITECTURE.md "Tokens"): RSA-OAEP with SHA-256 through WebCrypto, the key
 * given as an SPKI PEM, the ciphertext sent as base64. The server decrypts with Node's crypto.
 */

/** The meta tag the root layout renders with the server's public key (the register step's "built-in" key). */
export const PUBLIC_KEY_META_NAME = "kewl-rsa-public-key";

const OAEP = { name: "RSA-OAEP", hash: "SHA-256" } as const;

/** SPKI DER bytes of a PEM ("-----BEGIN PUBLIC KEY-----" armour optional; whitespace ignored). */
export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END)[^-]*-----/g, "").replace(/\s+/g, "");
  if (!body || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new TypeError("not a PEM public key");
  const binary = atob(body);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = "";
  for (let i = 0; i < view.length; i++) binary += String.fromCharCode(view[i]!);
  return btoa(binary);
}

/** Encrypts `plain` for the holder of `pem`; rejects when WebCrypto is missing (insecure context) or the key is bad. */
export async function rsaEncrypt(pem: string, plain: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error("WebCrypto is not available");
  const key = await subtle.importKey("spki", pemToDer(pem), OAEP, false, ["encrypt"]);
  const cipher = await subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(plain));
  return toBase64(cipher);
}

/**
 * The password as sent: RSA-OAEP ciphertext when a key is known and encryption works, else the plain value
 * (SPEC §5: "plain value sent if encryption fails").
 */
export async function encryptPassword(plain: string, pem: string | null | undefined): Promise<string> {
  if (!pem) return plain;
  try {
    return await rsaEncrypt(pem, plain);
  } catch (error) {
    console.warn("password encryption failed; sending the plain value", error);
    return plain;
  }
}

/** The public key rendered into the page by the root layout, or null. */
export function readPublicKeyMeta(): string | null {
  if (typeof document === "undefined") return null;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_KEY_META_NAME}"]`)?.content?.trim();
  return content || null;
}
