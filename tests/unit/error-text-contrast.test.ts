import { describe, expect, it } from "vitest";
import { contrast, over, themeTokens } from "./helpers/contrast";

/**
 * WCAG AA (4.5:1) for error text (text-destructive) in both themes: field errors on the page and on a dialog's
 * card, the boxed form error on its bg-destructive/10 tint, the 18+ badge on bg-destructive/15, and the label of
 * a solid destructive button or toast (text-destructive-foreground on bg-destructive).
 */
const TEXT = 4.5;

for (const theme of ["light", "dark"] as const) {
  describe(`${theme} theme`, () => {
    const t = themeTokens(theme);
    const red = t.destructive!;

    it("error text on the page, a card and a muted panel", () => {
      expect(contrast(red, t.background!)).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(red, t.card!)).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(red, t.muted!)).toBeGreaterThanOrEqual(TEXT);
    });

    it("error text on its own tint (boxed form errors, 18+ badges)", () => {
      expect(contrast(red, over(red, 0.1, t.card!))).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(red, over(red, 0.15, t.card!))).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(red, over(red, 0.15, t.background!))).toBeGreaterThanOrEqual(TEXT);
    });

    it("labels on a solid destructive button or toast", () => {
      expect(contrast(t["destructive-foreground"]!, red)).toBeGreaterThanOrEqual(TEXT);
      // Hovered: bg-destructive/90 over the dialog's card.
      expect(contrast(t["destructive-foreground"]!, over(red, 0.9, t.card!))).toBeGreaterThanOrEqual(TEXT);
    });
  });
}
