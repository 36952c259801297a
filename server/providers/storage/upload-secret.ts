import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config";
import { getProcessDatabase } from "../../db/process-database";
import type { Db } from "../../db/types";
import { sharedSecret } from "../../modules/crypto/shared-secrets";

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

export type UploadSecretConfig = Pick<Config, "UPLOAD_SIGNING_SECRET" | "dataDir"> &
  Partial<Pick<Config, "DATABASE_URL" | "APP_SECRET">>;

/**
 * The HMAC key of the local disk's upload tickets: UPLOAD_SIGNING_SECRET; else, on Postgres, the one every
 * instance shares in the database (instance_secrets, made once by the first instance, which stores the file's
 * below if it had one); else generated once into DATA_DIR/keys/upload-secret (mode 0600) and reused, as
 * server/modules/crypto/rsa-keys.ts does for the RSA key. `db` defaults to the process's database.
 */
export async function loadUploadSecret(config: UploadSecretConfig, db?: Db): Promise<string> {
  if (config.UPLOAD_SIGNING_SECRET) return config.UPLOAD_SIGNING_SECRET;
  const file = path.join(config.dataDir, SECRET_FILE);
  if (config.DATABASE_URL) {
    return sharedSecret(
      db ?? getProcessDatabase().db,
      "upload_signing_secret",
      async () => (await readSecret(file)) ?? randomBytes(32).toString("hex"),
      config.APP_SECRET,
    );
  }
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
