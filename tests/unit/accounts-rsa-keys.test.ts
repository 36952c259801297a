import { constants, generateKeyPairSync, publicEncrypt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import { decryptPassword, getPasswordPublicKeyPem, loadRsaKeys } from "@/server/modules/crypto/rsa-keys";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-rsa-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const encrypt = (pem: string, plain: string) =>
  publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(plain),
  ).toString("base64");

describe("password RSA key", () => {
  it("is generated once into DATA_DIR/keys (folders created, file mode 0600) and reused", async () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const [a, b] = await Promise.all([
      loadRsaKeys({ dataDir, RSA_PRIVATE_KEY: undefined }),
      loadRsaKeys({ dataDir, RSA_PRIVATE_KEY: undefined }),
    ]);
    expect(a).toBe(b);
    const file = path.join(dataDir, "keys", "rsa-private.pem");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(a.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(fs.readdirSync(path.dirname(file))).toEqual(["rsa-private.pem"]);
  });

  it("is read back from the file by a fresh process (the same key after a restart)", async () => {
    const dataDir = tempDir();
    const first = await loadRsaKeys({ dataDir, RSA_PRIVATE_KEY: undefined });
    const g = globalThis as unknown as Record<symbol, Map<string, unknown>>;
    g[Symbol.for("kewl.rsaKeys")]!.clear();
    const again = await loadRsaKeys({ dataDir, RSA_PRIVATE_KEY: undefined });
    expect(again).not.toBe(first);
    expect(again.source).toBe("file");
    expect(again.publicKeyPem).toBe(first.publicKeyPem);
  });

  it("comes from RSA_PRIVATE_KEY when set (PKCS#1 or PKCS#8, \\n escapes allowed) and refuses short keys", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pkcs1 = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const config = parseConfig({ RSA_PRIVATE_KEY: pkcs1.replace(/\n/g, "\\n"), DATA_DIR: tempDir() });
    expect(await getPasswordPublicKeyPem(config)).toBe(publicKey.export({ type: "spki", format: "pem" }));
    expect((await loadRsaKeys(config)).source).toBe("env");

    const short = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    await expect(loadRsaKeys({ dataDir: tempDir(), RSA_PRIVATE_KEY: short })).rejects.toThrow(/2048/);
    expect(() => parseConfig({ RSA_PRIVATE_KEY: "not a key" })).toThrow(/RSA_PRIVATE_KEY:/);
  });

  it("decrypts RSA-OAEP (SHA-256) and falls back to plain values of at most 128 characters", async () => {
    const keys = await loadRsaKeys({ dataDir: tempDir(), RSA_PRIVATE_KEY: undefined });
    expect(decryptPassword(keys, encrypt(keys.publicKeyPem, "pässwörd 🔑"))).toBe("pässwörd 🔑");
    expect(decryptPassword(keys, "plain-password")).toBe("plain-password");
    expect(decryptPassword(keys, "p".repeat(128))).toBe("p".repeat(128));
    expect(decryptPassword(keys, "p".repeat(129))).toBeNull();
    const foreign = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();
    expect(decryptPassword(keys, encrypt(foreign, "secret"))).toBeNull();
    // PKCS#1 v1.5 (what jsencrypt makes) is not accepted as a ciphertext.
    const v15 = publicEncrypt(
      { key: keys.publicKeyPem, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from("secret"),
    ).toString("base64");
    expect(decryptPassword(keys, v15)).toBeNull();
  });
});
