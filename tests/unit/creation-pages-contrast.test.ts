import { describe, expect, it } from "vitest";
import { contrast, over, paletteColor, themeTokens } from "./helpers/contrast";

/**
 * WCAG AA (4.5:1) for the text the creator's pages add, in both themes: the visibility badge, the ghost Delete
 * button (resting and hovered), the export list's hints (resting and focused) and the copy credit.
 */
const TEXT = 4.5;

for (const theme of ["light", "dark"] as const) {
  describe(`${theme} theme`, () => {
    const t = themeTokens(theme);
    const page = t.background!;
    const deleteText = paletteColor(theme === "dark" ? "red-300" : "red-700");

    it("the visibility badge", () => {
      expect(contrast(t.foreground!, t.muted!)).toBeGreaterThanOrEqual(TEXT);
    });

    it("Delete, resting and hovered", () => {
      expect(contrast(deleteText, page)).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(deleteText, over(t.destructive!, 0.1, page))).toBeGreaterThanOrEqual(TEXT);
    });

    it("the export list's hints and the copy credit", () => {
      expect(contrast(t["muted-foreground"]!, t.card!)).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(t["muted-foreground"]!, t.muted!)).toBeGreaterThanOrEqual(TEXT);
      expect(contrast(t["muted-foreground"]!, page)).toBeGreaterThanOrEqual(TEXT);
    });

    it("the dialog's destructive button", () => {
      expect(contrast(t["destructive-foreground"]!, t.destructive!)).toBeGreaterThanOrEqual(TEXT);
    });
  });
}
