import { describe, expect, it } from "vitest";
import { contrast, over, themeTokens } from "./helpers/contrast";

/**
 * WCAG AA (4.5:1) for the footer's links and line (muted text on bg-muted/40 over the page, foreground on hover)
 * and the register step's Terms line (muted text and foreground links on the dialog's card), in both themes.
 */
const TEXT = 4.5;

for (const theme of ["light", "dark"] as const) {
  describe(`${theme} theme`, () => {
    const t = themeTokens(theme);
    const footer = over(t.muted!, 0.4, t.background!);

    it("the footer's links, resting and hovered", () => {
      expect(contrast(t["muted-foreground"]!, footer)).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(t.foreground!, footer)).toBeGreaterThanOrEqual(TEXT);
    });

    it("the register step's Terms and Privacy line", () => {
      expect(contrast(t["muted-foreground"]!, t.card!)).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(t.foreground!, t.card!)).toBeGreaterThanOrEqual(TEXT);
    });
  });
}
