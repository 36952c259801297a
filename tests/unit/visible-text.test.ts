import { describe, expect, it } from "vitest";
import { MESSAGES, nicknameRule, userIdRule } from "@/lib/validation/auth-rules";
import { CHARACTER_MESSAGES, characterNameRule } from "@/lib/validation/character-rules";
import { hasBidiControls, hasVisibleText, withoutInvisible } from "@/lib/validation/visible-text";

const issue = (
  rule: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  v: string,
) => rule.safeParse(v).error?.issues[0]?.message ?? null;

describe("visible text in names", () => {
  it("removes every format character (category Cf) the runtime knows", () => {
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const char = String.fromCodePoint(code);
      if (/\p{Cf}/u.test(char)) expect(withoutInvisible(`a${char}b`), code.toString(16)).toBe("ab");
    }
    expect(withoutInvisible("Pub\u200BBot\u3164\uFE0F")).toBe("PubBot");
    expect(withoutInvisible("👩\u200D💻 Zoë")).toBe("👩💻 Zoë");
  });

  it("finds bidi embeddings, overrides and isolates, and names with nothing visible", () => {
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069])
      expect(hasBidiControls(`a${String.fromCodePoint(code)}`)).toBe(true);
    expect(hasBidiControls("a\u200Eb")).toBe(false);
    expect(hasVisibleText("\u200B \u2060")).toBe(false);
    expect(hasVisibleText("\u200Bx")).toBe(true);
  });

  it("refuses such nicknames, IDs and character names with their messages", () => {
    expect(issue(nicknameRule, "\u200B")).toBe(MESSAGES.nicknameRequired);
    expect(issue(nicknameRule, "\u202Egnp.exe\u200B")).toBe(MESSAGES.nicknameDirection);
    expect(issue(nicknameRule, "Zoë\u200D")).toBeNull();
    expect(issue(userIdRule, "abc\u200B")).toBe(MESSAGES.idCharacters);
    expect(issue(userIdRule, "\u2066abc")).toBe(MESSAGES.idCharacters);
    expect(issue(characterNameRule, "\uFEFF\u00AD")).toBe(CHARACTER_MESSAGES.nameRequired);
    expect(issue(characterNameRule, "Pub\u2068Bot")).toBe(CHARACTER_MESSAGES.nameDirection);
    expect(issue(characterNameRule, "PubBot\u200B")).toBeNull();
  });
});
