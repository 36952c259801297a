import { describe, expect, it } from "vitest";
import { ageGateHref, readAgeGateIntent } from "@/lib/age-gate/gate-intent";

const read = (href: string) => readAgeGateIntent(new URL(href, "http://x").searchParams);

describe("age gate intent", () => {
  it("carries the return path and, from the NSFW switch, the setting to turn on", () => {
    expect(ageGateHref("/tag/horror", true)).toBe("/age-verification?next=%2Ftag%2Fhorror&nsfw=1");
    expect(read(ageGateHref("/tag/horror", true))).toEqual({ next: "/tag/horror", nsfw: true });
    expect(read(ageGateHref("/character/5"))).toEqual({ next: "/character/5", nsfw: false });
  });

  it.each([
    ["/age-verification?next=https%3A%2F%2Fevil.example&nsfw=1", { next: "/", nsfw: true }],
    ["/age-verification?next=%2F%2Fevil.example", { next: "/", nsfw: false }],
    ["/age-verification?next=%2F&nsfw=true", { next: "/", nsfw: false }],
    ["/age-verification?nsfw=0", { next: "/", nsfw: false }],
  ])("%s never leaves the site and turns the setting on only for nsfw=1", (href, expected) => {
    expect(read(href)).toEqual(expected);
  });
});
