import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "enc:v1:";

function keyFrom(appSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "kewl-instance-secrets", "v1", 32));
}

/** Whether a stored value is sealed (else it is the secret itself, stored before APP_SECRET was set). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** The secret sealed with AES-256-GCM under a key derived from APP_SECRET: "enc:v1:<iv>.<tag>.<ciphertext>". */
export function sealSecret(plain: string, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(appSecret), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

/** The sealed secret, or null when APP_SECRET is not the one it was sealed with (or the value is damaged). */
export function openSecret(stored: string, appSecret: string): string | null {
  const [iv, tag, body, extra] = stored.slice(PREFIX.length).split(".");
  if (!isSealed(stored) || !iv || !tag || !body || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(appSecret), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
