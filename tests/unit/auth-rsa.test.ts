import { constants, privateDecrypt } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encryptPassword, pemToDer, rsaEncrypt } from "@/lib/auth/rsa";

function toPem(der: ArrayBuffer, label: string): string {
  const lines =
    Buffer.from(der)
      .toString("base64")
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: "RSA-OAEP", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["encrypt", "decrypt"],
  );
  return {
    publicPem: toPem(await crypto.subtle.exportKey("spki", pair.publicKey), "PUBLIC KEY"),
    privatePem: toPem(await crypto.subtle.exportKey("pkcs8", pair.privateKey), "PRIVATE KEY"),
  };
}

function decrypt(privatePem: string, base64: string): string {
  return privateDecrypt(
    { key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(base64, "base64"),
  ).toString("utf8");
}

describe("RSA-OAEP password encryption", () => {
  afterEach(() => vi.restoreAllMocks());

  it("round-trips through Node's privateDecrypt (OAEP, SHA-256)", async () => {
    const { publicPem, privatePem } = await keyPair();
    const secret = "correct horse battery staple ✓";
    const cipher = await rsaEncrypt(publicPem, secret);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(cipher, "base64")).toHaveLength(256);
    expect(decrypt(privatePem, cipher)).toBe(secret);
    // randomised padding: the same input never gives the same ciphertext
    expect(await rsaEncrypt(publicPem, secret)).not.toBe(cipher);
  }, 20_000);

  it("accepts the key body without its PEM armour", async () => {
    const { publicPem, privatePem } = await keyPair();
    const bare = publicPem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
    expect(decrypt(privatePem, await encryptPassword("secret1", bare))).toBe("secret1");
  }, 20_000);

  it("sends the plain value when there is no key or it is unusable", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await encryptPassword("secret1", null)).toBe("secret1");
    expect(await encryptPassword("secret1", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----")).toBe(
      "secret1",
    );
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it("rejects text that is not base64 key material", () => {
    expect(() => pemToDer("not a key!")).toThrow(TypeError);
    expect(() => pemToDer("-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----")).toThrow(TypeError);
  });
});
