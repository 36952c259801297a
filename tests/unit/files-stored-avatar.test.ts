import { describe, expect, it } from "vitest";
import { storedAvatarKey } from "@/server/modules/files/stored-avatar";
import type { StorageProvider } from "@/server/providers/storage/types";

const hash = "a".repeat(64);
const storage = (base: string): StorageProvider =>
  ({ publicUrl: (key: string) => `${base}/${key}` }) as unknown as StorageProvider;

describe("storedAvatarKey", () => {
  it("names the verified copy behind this storage's own URL of it", () => {
    expect(storedAvatarKey(`/v1/file/avatars/${hash}.webp`, storage("/v1/file"))).toBe(`avatars/${hash}.webp`);
    expect(storedAvatarKey(`https://cdn.example/avatars/${hash}.webp`, storage("https://cdn.example"))).toBe(
      `avatars/${hash}.webp`,
    );
  });

  it("reads nothing else: other hosts, other paths, generated avatars, incoming uploads", () => {
    const local = storage("/v1/file");
    for (const url of [
      `https://evil.example/avatars/${hash}.webp`,
      `/v1/file/avatars/${hash}.webp?x=1`,
      `/v1/file/other/avatars/${hash}.webp`,
      `/v1/file/avatars/${"A".repeat(64)}.webp`,
      "/v1/avatar/bottts/k.svg",
      "incoming/00000000-0000-0000-0000-000000000000/abcdefghijklmnop",
      "",
    ]) {
      expect(storedAvatarKey(url, local), url).toBeNull();
    }
  });
});
