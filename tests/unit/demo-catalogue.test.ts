import { describe, it, expect } from "vitest";
import { DEMO_CHARACTERS } from "@/server/db/seed/demo-characters";
import { DEMO_TAGS } from "@/server/db/seed/demo-tags";
import { AVATAR_STYLES } from "@/server/db/seed/demo-types";

const KEY_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

describe("demo catalogue", () => {
  it("has enough tags and characters", () => {
    expect(DEMO_TAGS.length).toBeGreaterThanOrEqual(12);
    expect(DEMO_CHARACTERS.length).toBeGreaterThanOrEqual(60);
  });

  it("has unique, kebab-case keys", () => {
    const tagKeys = DEMO_TAGS.map((t) => t.key);
    const charKeys = DEMO_CHARACTERS.map((c) => c.key);
    expect(new Set(tagKeys).size).toBe(tagKeys.length);
    expect(new Set(charKeys).size).toBe(charKeys.length);
    for (const key of [...tagKeys, ...charKeys]) expect(key, key).toMatch(KEY_RE);
  });

  it("has well-formed tags", () => {
    const sorts = DEMO_TAGS.map((t) => t.sort);
    expect(new Set(sorts).size).toBe(sorts.length);
    for (const tag of DEMO_TAGS) {
      expect(tag.name.length, tag.key).toBeGreaterThan(0);
      expect(tag.description.length, tag.key).toBeGreaterThan(0);
    }
  });

  it("only references existing tags, 1-3 per character", () => {
    const tagKeys = new Set(DEMO_TAGS.map((t) => t.key));
    for (const ch of DEMO_CHARACTERS) {
      expect(ch.tags.length, ch.key).toBeGreaterThanOrEqual(1);
      expect(ch.tags.length, ch.key).toBeLessThanOrEqual(3);
      expect(new Set(ch.tags).size, ch.key).toBe(ch.tags.length);
      for (const t of ch.tags) expect(tagKeys.has(t), `${ch.key} -> ${t}`).toBe(true);
    }
  });

  it("uses every tag on at least 4 characters", () => {
    for (const tag of DEMO_TAGS) {
      const used = DEMO_CHARACTERS.filter((c) => c.tags.includes(tag.key)).length;
      expect(used, tag.key).toBeGreaterThanOrEqual(4);
    }
  });

  it("has believable counts", () => {
    const counts = DEMO_CHARACTERS.map((c) => c.chatCount);
    expect(counts.some((n) => n >= 1000)).toBe(true);
    expect(counts.filter((n) => n >= 1_000_000).length).toBeGreaterThanOrEqual(6);
    for (const ch of DEMO_CHARACTERS) {
      expect(Number.isInteger(ch.chatCount), ch.key).toBe(true);
      expect(Number.isInteger(ch.favoriteCount), ch.key).toBe(true);
      expect(ch.favoriteCount, ch.key).toBeGreaterThanOrEqual(0);
      expect(ch.favoriteCount, ch.key).toBeLessThanOrEqual(ch.chatCount);
    }
  });

  it("has between 1 and 10 nsfw characters", () => {
    const nsfw = DEMO_CHARACTERS.filter((c) => c.nsfw).length;
    expect(nsfw).toBeGreaterThanOrEqual(1);
    expect(nsfw).toBeLessThanOrEqual(10);
  });

  it("respects field limits", () => {
    const styles: readonly string[] = AVATAR_STYLES;
    for (const ch of DEMO_CHARACTERS) {
      expect(ch.name.length, ch.key).toBeGreaterThan(0);
      expect(ch.name.length, ch.key).toBeLessThanOrEqual(40);
      expect(ch.intro.length, ch.key).toBeGreaterThan(0);
      expect(ch.intro.length, ch.key).toBeLessThanOrEqual(160);
      expect(ch.greeting.length, ch.key).toBeGreaterThan(0);
      expect(ch.persona, ch.key).toContain("{{char}}");
      expect(ch.scenario, ch.key).toContain("{{char}}");
      expect(ch.scenario, ch.key).toContain("{{user}}");
      expect(styles, ch.key).toContain(ch.avatarStyle);
    }
  });

  it("has example dialogue of 2-4 prefixed lines", () => {
    for (const ch of DEMO_CHARACTERS) {
      const lines = ch.exampleDialogue.split("\n");
      expect(lines.length, ch.key).toBeGreaterThanOrEqual(2);
      expect(lines.length, ch.key).toBeLessThanOrEqual(4);
      for (const line of lines) {
        expect(line.startsWith("{{user}}: ") || line.startsWith("{{char}}: "), `${ch.key}: ${line}`).toBe(true);
      }
    }
  });
});
