import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/server/config";
import { createStorageProvider } from "@/server/providers/storage/create-storage-provider";
import { createLocalDiskStorage } from "@/server/providers/storage/local-disk-storage";
import { loadUploadSecret } from "@/server/providers/storage/upload-secret";

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "kewl-storage-setup-"));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe("storage set-up", () => {
  it("generates the upload secret once under DATA_DIR/keys (mode 0600), reuses it, and prefers the variable", async () => {
    const dir = await dataDir();
    const config = parseConfig({ DATA_DIR: dir });
    const [a, b] = await Promise.all([loadUploadSecret(config), loadUploadSecret(config)]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    const file = path.join(dir, "keys", "upload-secret");
    expect((await fs.readFile(file, "utf8")).trim()).toBe(a);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadUploadSecret(config)).toBe(a);
    const fromEnv = "e".repeat(40);
    expect(await loadUploadSecret(parseConfig({ DATA_DIR: dir, UPLOAD_SIGNING_SECRET: fromEnv }))).toBe(fromEnv);
  });

  it("uses the local disk without S3_BUCKET, writing under DATA_DIR/files atomically", async () => {
    const dir = await dataDir();
    const storage = await createStorageProvider(parseConfig({ DATA_DIR: dir }));
    expect(storage.kind).toBe("local");
    const key = `avatars/${"d".repeat(64)}.webp`;
    await storage.put(key, new Uint8Array([1, 2, 3]), { contentType: "image/webp", cacheControl: "no-store" });
    expect(await fs.readdir(path.join(dir, "files", "avatars"))).toEqual([`${"d".repeat(64)}.webp`]);
    expect([...(await storage.read(key, 3))!]).toEqual([1, 2, 3]);
    expect(storage.publicUrl(key)).toBe(`/v1/file/${key}`);
    for (const bad of ["../keys/upload-secret", "avatars/../../keys/upload-secret", "/etc/passwd", "incoming/x/y"]) {
      await expect(storage.read(bad, 10)).rejects.toThrow(/Not a storage key/);
    }
  });

  it("sweeps unverified uploads past their age from the local disk, and keeps the rest", async () => {
    const dir = await dataDir();
    const storage = createLocalDiskStorage({ root: path.join(dir, "files"), secret: "s".repeat(64) });
    expect(await storage.sweepIncoming(1000)).toBe(0);
    const user = "0".repeat(8) + "-0000-4000-8000-" + "0".repeat(12);
    const old = `incoming/${user}/${"o".repeat(24)}`;
    const fresh = `incoming/${user}/${"f".repeat(24)}`;
    const avatar = `avatars/${"e".repeat(64)}.webp`;
    for (const key of [old, fresh, avatar]) {
      await storage.put(key, new Uint8Array([1]), { contentType: "image/png", cacheControl: "private" });
    }
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await fs.utimes(path.join(dir, "files", ...old.split("/")), hourAgo, hourAgo);
    await fs.utimes(path.join(dir, "files", ...avatar.split("/")), hourAgo, hourAgo);
    expect(await storage.sweepIncoming(30 * 60_000)).toBe(1);
    expect(await storage.read(old, 10)).toBeNull();
    expect(await storage.read(fresh, 10)).not.toBeNull();
    expect(await storage.read(avatar, 10)).not.toBeNull();
    expect(await storage.sweepIncoming(0, Date.now() + 1000)).toBe(1);
    expect(await fs.readdir(path.join(dir, "files", "incoming"))).toEqual([]);
  });
});
