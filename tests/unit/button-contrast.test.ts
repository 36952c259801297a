import { describe, expect, it } from "vitest";
import { contrast, over, themeTokens } from "./helpers/contrast";

/** WCAG AA (4.5:1) for the primary button's label at rest and hovered (bg-primary/95 over a card or the page). */
const TEXT = 4.5;

for (const theme of ["light", "dark"] as const) {
  describe(`${theme} theme`, () => {
    const t = themeTokens(theme);

    it("the primary button's label, resting and hovered", () => {
      for (const under of [t.card!, t.background!]) {
        expect(contrast(t["primary-foreground"]!, t.primary!)).toBeGreaterThanOrEqual(TEXT);
        expect(contrast(t["primary-foreground"]!, over(t.primary!, 0.95, under))).toBeGreaterThanOrEqual(TEXT);
      }
    });
  });
}
