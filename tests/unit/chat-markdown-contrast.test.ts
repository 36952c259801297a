import { describe, expect, it } from "vitest";
import { contrast, over, themeTokens } from "./helpers/contrast";

/**
 * WCAG AA (4.5:1) for what markdown adds to a message, in both themes and on both bubbles: the character's
 * (text-foreground on bg-muted) and the user's (text-primary-foreground on bg-primary). Code blocks and inline
 * code are tints of the foreground over the bubble (components/chat/markdown-code-block.tsx,
 * markdown-view.tsx); the copy button, hovered, adds bg-foreground/10 over the code block.
 */
const TEXT = 4.5;
const TINTS = { codeBlock: 0.07, inlineCode: 0.08 };

for (const theme of ["light", "dark"] as const) {
  describe(`${theme} theme`, () => {
    const t = themeTokens(theme);
    const bubbles = [
      { name: "character", text: t.foreground!, bg: t.muted! },
      { name: "user", text: t["primary-foreground"]!, bg: t.primary! },
    ];

    for (const bubble of bubbles) {
      it(`code blocks, inline code and the copy button on the ${bubble.name}'s bubble`, () => {
        for (const [what, alpha] of Object.entries(TINTS)) {
          expect(contrast(bubble.text, over(t.foreground!, alpha, bubble.bg)), what).toBeGreaterThanOrEqual(TEXT);
        }
        const codeBlock = over(t.foreground!, TINTS.codeBlock, bubble.bg);
        expect(contrast(bubble.text, over(t.foreground!, 0.1, codeBlock))).toBeGreaterThanOrEqual(TEXT);
      });
    }

    it("links on the character's bubble (tables and quotes add no tint under them)", () => {
      expect(contrast(t.primary!, t.muted!)).toBeGreaterThanOrEqual(TEXT);
    });
  });
}
