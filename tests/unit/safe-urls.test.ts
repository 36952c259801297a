import { describe, expect, it } from "vitest";
import { safeNextPath } from "@/lib/age-gate/safe-next";
import { isAllowedAvatarUrl, isUploadedAvatarUrl, parseAvatarHosts } from "@/lib/format/avatar-url";
import { safeImageSrc } from "@/lib/format/safe-image-src";

describe("safeImageSrc", () => {
  it.each([
    ["/v1/avatar/lorelei/a.svg"],
    ["/v1/avatar/big-smile/Mira%20B.svg"],
    ["https://cdn.example.com/a.png"],
    [`/v1/file/avatars/${"0a".repeat(32)}.webp`],
  ])("keeps %s", (src) => expect(safeImageSrc(src)).toBe(src));
  it.each([
    ["javascript:alert(1)"],
    ["data:image/svg+xml,<svg/>"],
    ["http://example.com/a.png"],
    ["//evil.example/a.png"],
    ["/\\evil"],
    [""],
    [null],
    ["/uploads/a.png"],
    ["/v1/user/info"],
    ["/v1/avatar/lorelei/../../user/info.svg"],
    ["https://u:p@cdn.example.com/a.png"],
    ["https://cdn.example.com:8443/a.png"],
    ["https://cdn.example.com/a b.png"],
  ])("drops %s", (src) => expect(safeImageSrc(src)).toBeNull());
});

describe("isAllowedAvatarUrl and AVATAR_HOSTS", () => {
  const hosts = ["cdn.example.com", "lh3.googleusercontent.com"];
  it.each([
    ["/v1/avatar/bottts/studio.svg"],
    ["https://cdn.example.com/a.png"],
    ["https://lh3.googleusercontent.com/a/xyz=s96-c"],
  ])("allows %s", (url) => expect(isAllowedAvatarUrl(url, hosts)).toBe(true));
  it.each([
    ["https://evil.example/a.png"],
    ["https://cdn.example.com.evil.example/a.png"],
    ["https://sub.cdn.example.com/a.png"],
    ["http://cdn.example.com/a.png"],
    ["https://cdn.example.com:444/a.png"],
    ["https://x@cdn.example.com/a.png"],
    ["https://cdn.example.com/a\u0000.png"],
    [`https://cdn.example.com/${"a".repeat(500)}.png`],
    ["/v1/file/a.png"],
    [`/v1/file/incoming/${"0".repeat(36)}/${"a".repeat(24)}`],
    [`/v1/file/avatars/${"0a".repeat(32)}.png`],
    [`/v1/file/avatars/${"0A".repeat(32)}.webp`],
    [`/v1/file/avatars/${"0a".repeat(31)}.webp`],
    [`/v1/file/avatars/../${"0a".repeat(32)}.webp`],
  ])("refuses %s", (url) => expect(isAllowedAvatarUrl(url, hosts)).toBe(false));
  it("allows this site's verified uploads", () => {
    expect(isAllowedAvatarUrl(`/v1/file/avatars/${"0a".repeat(32)}.webp`, [])).toBe(true);
  });
  it("allows verified copies under S3_PUBLIC_URL only, nothing else there", () => {
    const base = "https://media.example.com/kewl";
    const hash = "0a".repeat(32);
    expect(isUploadedAvatarUrl(`${base}/avatars/${hash}.webp`, base)).toBe(true);
    expect(isUploadedAvatarUrl(`${base}/avatars/${hash}.webp`, null)).toBe(false);
    expect(isUploadedAvatarUrl(`${base}/incoming/${"0".repeat(36)}/${"a".repeat(24)}`, base)).toBe(false);
    expect(isUploadedAvatarUrl(`${base}/avatars/${hash}.webp?x=1`, base)).toBe(false);
    expect(isUploadedAvatarUrl(`${base}/avatars/${hash}.svg`, base)).toBe(false);
    expect(isUploadedAvatarUrl(`https://media.example.com/other/avatars/${hash}.webp`, base)).toBe(false);
    expect(isUploadedAvatarUrl(`${base}.evil.example/avatars/${hash}.webp`, base)).toBe(false);
  });
  it("reads the configured list: host names only, lower-cased", () => {
    expect(parseAvatarHosts(" CDN.example.com, lh3.googleusercontent.com ,")).toEqual({
      hosts: ["cdn.example.com", "lh3.googleusercontent.com"],
      bad: [],
    });
    const bad = parseAvatarHosts("https://cdn.example.com,cdn.example.com:443,cdn.example.com/x,*.example.com").bad;
    expect(bad).toHaveLength(4);
  });
});

describe("safeNextPath", () => {
  it.each([
    ["/character/5", "/character/5"],
    ["/tag/horror?page=2", "/tag/horror?page=2"],
    ["//evil.example", "/"],
    ["https://evil.example", "/"],
    ["/\\evil", "/"],
    [null, "/"],
  ])("%s -> %s", (input, expected) => expect(safeNextPath(input)).toBe(expected));
});

describe("fillPlaceholders", () => {
  it("fills {{char}} and {{user}} in any case and spacing", async () => {
    const { fillPlaceholders } = await import("@/lib/format/character-text");
    expect(fillPlaceholders("{{char}} waves at {{ user }}. {{USER}}!", "Mira")).toBe("Mira waves at you. You!");
    expect(fillPlaceholders("{{user}} arrived.", "Mira")).toBe("You arrived.");
    expect(fillPlaceholders("Hi {{user}}", "Mira", "Ada")).toBe("Hi Ada");
  });
});
