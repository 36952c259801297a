import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { getConfig, type Config } from "../../config";
import { getProcessDatabase } from "../../db/process-database";
import type { Db } from "../../db/types";
import { sharedSecret } from "./shared-secrets";

/**
 * The RSA key pair for passwords in transit (ARCHITECTURE.md "RSA-OAEP decision"): the browser encrypts with
 * RSA-OAEP (SHA-256) through WebCrypto, the server decrypts with node:crypto. The private key comes from
 * RSA_PRIVATE_KEY; else, on Postgres, from the database (instance_secrets), made once by the first instance so
 * every instance serves the same key; else (PGlite, one process) it is generated once into
 * DATA_DIR/keys/rsa-private.pem (mode 0600) and reused. A key served by one instance must decrypt on another.
 */
export interface RsaKeys {
  privateKey: KeyObject;
  /** SPKI PEM, what get_public_key serves and the register page renders in. */
  publicKeyPem: string;
  source: "env" | "file" | "generated" | "database";
}

export type RsaKeyConfig = Pick<Config, "RSA_PRIVATE_KEY" | "dataDir"> &
  Partial<Pick<Config, "DATABASE_URL" | "APP_SECRET">>;

const KEY_FILE = path.join("keys", "rsa-private.pem");
/** A plain (unencrypted) password is accepted only up to this length; longer values must decrypt. */
export const PLAIN_PASSWORD_MAX = 128;

const generate = promisify(generateKeyPair);

// One cache per process even though Next bundles server code separately from server/main.ts.
const CACHE_KEY = Symbol.for("kewl.rsaKeys");
type Cache = Map<string, Promise<RsaKeys>>;
function cache(): Cache {
  const g = globalThis as unknown as Record<symbol, Cache | undefined>;
  return (g[CACHE_KEY] ??= new Map());
}

function fromPrivateKey(privateKey: KeyObject, source: RsaKeys["source"]): RsaKeys {
  if (privateKey.asymmetricKeyType !== "rsa") throw new Error("RSA_PRIVATE_KEY must be an RSA key");
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) throw new Error(`RSA key too short (${bits} bits, need >= 2048)`);
  const publicKeyPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
  return { privateKey, publicKeyPem, source };
}

async function readKeyFile(file: string): Promise<RsaKeys | null> {
  try {
    return fromPrivateKey(createPrivateKey(await fs.readFile(file, "utf8")), "file");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new Error(`Cannot read the RSA key in ${file}: ${(err as Error).message}`);
  }
}

async function generatePem(): Promise<string> {
  const { privateKey } = await generate("rsa", { modulusLength: 2048, publicExponent: 0x10001 });
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}

async function loadOrCreate(dataDir: string): Promise<RsaKeys> {
  const file = path.join(dataDir, KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;

  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const pem = await generatePem();
  // Written aside, then hard-linked into place: the link fails if another process won the race, and the key
  // is never seen half-written.
  const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await fs.writeFile(tmp, pem, { mode: 0o600, flag: "wx" });
  try {
    await fs.link(tmp, file);
    return fromPrivateKey(createPrivateKey(pem), "generated");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const winner = await readKeyFile(file);
    if (!winner) throw err;
    return winner;
  } finally {
    await fs.unlink(tmp).catch(() => undefined);
  }
}

/**
 * The key pair every instance on this Postgres database shares (not cached: loadRsaKeys caches it). The first
 * instance stores the key it already had under DATA_DIR (so an upgrade keeps it), else a new one.
 */
export async function loadSharedRsaKeys(db: Db, config: RsaKeyConfig): Promise<RsaKeys> {
  const pem = await sharedSecret(
    db,
    "rsa_private_key",
    async () => {
      const onDisk = await readKeyFile(path.join(config.dataDir, KEY_FILE));
      return onDisk ? onDisk.privateKey.export({ type: "pkcs8", format: "pem" }).toString() : generatePem();
    },
    config.APP_SECRET,
  );
  return fromPrivateKey(createPrivateKey(pem), "database");
}

const digest = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * The key pair for this configuration, loaded (or generated) once per process. On Postgres it is read from `db`,
 * by default the process's database (server/db/process-database.ts).
 */
export function loadRsaKeys(config: RsaKeyConfig, db?: Db): Promise<RsaKeys> {
  const id = config.RSA_PRIVATE_KEY
    ? `env:${digest(config.RSA_PRIVATE_KEY)}`
    : config.DATABASE_URL
      ? `database:${digest(config.DATABASE_URL)}`
      : `file:${path.resolve(config.dataDir)}`;
  const entries = cache();
  let keys = entries.get(id);
  if (!keys) {
    keys = config.RSA_PRIVATE_KEY
      ? Promise.resolve().then(() => fromPrivateKey(createPrivateKey(config.RSA_PRIVATE_KEY!), "env"))
      : config.DATABASE_URL
        ? Promise.resolve().then(() => loadSharedRsaKeys(db ?? getProcessDatabase().db, config))
        : loadOrCreate(config.dataDir);
    keys.catch(() => entries.delete(id));
    entries.set(id, keys);
  }
  return keys;
}

/**
 * The server's public key (SPKI PEM) for server components: the register step renders it into the page as
 * its "built-in" key (SPEC §5), so registering needs no extra round trip.
 */
export async function getPasswordPublicKeyPem(config: RsaKeyConfig = getConfig()): Promise<string> {
  return (await loadRsaKeys(config)).publicKeyPem;
}

/**
 * The password the browser sent: RSA-OAEP (SHA-256) base64 ciphertext, or, when the browser could not
 * encrypt (SPEC §5), the plain value. Null when it is neither (a long value that does not decrypt).
 */
export function decryptPassword(keys: RsaKeys, value: string): string | null {
  try {
    const plain = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(value.trim(), "base64"),
    ).toString("utf8");
    return plain;
  } catch {
    return value.length <= PLAIN_PASSWORD_MAX ? value : null;
  }
}
