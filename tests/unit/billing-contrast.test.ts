import { describe, expect, it } from "vitest";
import { contrast, oklchToRgb, over, paletteColor, themeTokens, type Rgb } from "./helpers/contrast";

/**
 * WCAG 2.x AA for the billing dialogs and the sandbox page, in both themes: 4.5:1 for text, 3:1 for the marks
 * beside it (included / not included, the selection ring). Backgrounds are the cards as they are drawn: the
 * dialog's card colour under each position's tint (components/billing/card-position.ts), taking the tinted end.
 */
const TEXT = 4.5;
const MARK = 3;

describe("colour contrast", () => {
  it("the contrast maths agrees with known values", () => {
    expect(contrast([0, 0, 0], [1, 1, 1])).toBeCloseTo(21, 5);
    const white = oklchToRgb("oklch(1 0 0)");
    expect(contrast(white, white)).toBeCloseTo(1, 5);
    // #767676 on white is the well-known 4.54:1.
    const grey = oklchToRgb("oklch(0.5657 0 0)");
    expect(contrast(grey, white)).toBeGreaterThan(4.5);
    expect(contrast(grey, white)).toBeLessThan(4.6);
  });

  for (const theme of ["light", "dark"] as const) {
    describe(theme, () => {
      const t = themeTokens(theme);
      const dark = theme === "dark";
      const card = t.card!;
      const cards: Record<string, Rgb> = {
        plain: card,
        first: over(t.muted!, 0.6, card),
        second: over(t.primary!, 0.12, card),
        other: over(paletteColor("amber-500"), 0.1, card),
      };

      for (const [position, bg] of Object.entries(cards)) {
        it(`text on the ${position} card`, () => {
          expect(contrast(t.foreground!, bg)).toBeGreaterThanOrEqual(TEXT);
          // The period, the rights not included, the original price.
          expect(contrast(t["muted-foreground"]!, bg)).toBeGreaterThanOrEqual(TEXT);
          // The remind note.
          expect(contrast(t.primary!, bg)).toBeGreaterThanOrEqual(TEXT);
          // The included mark and the selection ring.
          expect(contrast(paletteColor(dark ? "emerald-400" : "emerald-700"), bg)).toBeGreaterThanOrEqual(MARK);
          expect(contrast(t.primary!, bg)).toBeGreaterThanOrEqual(MARK);
        });
      }

      it("badges and buttons on the primary colour", () => {
        expect(contrast(t["primary-foreground"]!, t.primary!)).toBeGreaterThanOrEqual(TEXT);
      });

      it("the success banner and the sandbox's test-mode badge", () => {
        const banner = over(paletteColor("emerald-600"), 0.1, card);
        expect(contrast(paletteColor(dark ? "emerald-100" : "emerald-900"), banner)).toBeGreaterThanOrEqual(TEXT);
        expect(contrast(paletteColor(dark ? "emerald-300" : "emerald-700"), banner)).toBeGreaterThanOrEqual(MARK);
        const badge = over(paletteColor("amber-500"), 0.15, t.background!);
        expect(contrast(paletteColor(dark ? "amber-100" : "amber-900"), badge)).toBeGreaterThanOrEqual(TEXT);
      });

      it("the coin icon beside a balance", () => {
        const coin = paletteColor(dark ? "amber-400" : "amber-600");
        expect(contrast(coin, card)).toBeGreaterThanOrEqual(MARK);
        expect(contrast(coin, t.background!)).toBeGreaterThanOrEqual(MARK);
      });
    });
  }
});
