import { describe, expect, it } from "vitest";
import { compiledLorebookOf, lorebookOf } from "@/server/modules/chat/lorebook-cache";

const stored = (content: string) => ({
  entries: [{ keys: ["relic"], content, enabled: true, insertion_order: 100 }],
});

describe("the lorebook cache", () => {
  it("reads a character's book once per version and compiles it once", () => {
    const at = new Date("2026-11-25T06:00:00Z");
    const first = lorebookOf(7, at, stored("The relic glows."));
    expect(first?.entries[0]?.content).toBe("The relic glows.");
    // The same version: the stored value is not read again.
    expect(lorebookOf(7, at, stored("ignored"))).toBe(first);
    expect(compiledLorebookOf(first!)).toBe(compiledLorebookOf(first!));
  });

  it("rebuilds the book when the character changed, and keeps characters apart", () => {
    const at = new Date("2026-11-25T06:00:00Z");
    lorebookOf(8, at, stored("Old text."));
    const edited = lorebookOf(8, new Date(at.getTime() + 1000), stored("New text."));
    expect(edited?.entries[0]?.content).toBe("New text.");
    expect(lorebookOf(9, at, null)).toBeNull();
  });
});
