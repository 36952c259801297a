import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config";

const SECRET_FILE = path.join("keys", "upload-secret");

async function readSecret(file: string): Promise<string | null> {
  try {
    const value = (await fs.readFile(file, "utf8")).trim();
    if (value.length < 32) throw new Error(`${file} holds less than 32 characters`);
    return value;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * The HMAC key of the local disk's upload tickets: UPLOAD_SIGNING_SECRET, else generated once into
 * DATA_DIR/keys/upload-secret (mode 0600) and reused, as server/modules/crypto/rsa-keys.ts does for the RSA key.
 * Instances sharing a DATA_DIR share it.
 */
export async function loadUploadSecret(config: Pick<Config, "UPLOAD_SIGNING_SECRET" | "dataDir">): Promise<string> {
  if (config.UPLOAD_SIGNING_SECRET) return config.UPLOAD_SIGNING_SECRET;
  const file = path.join(config.dataDir, SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("hex");
  // Written aside, then hard-linked into place: another process that won the race keeps its secret.
  const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(tmp, secret, { mode: 0o600, flag: "wx" });
  try {
    await fs.link(tmp, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const winner = await readSecret(file);
    if (!winner) throw err;
    return winner;
  } finally {
    await fs.unlink(tmp).catch(() => undefined);
  }
}
