import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { clickUntil, VIEWPORTS } from "./support";

/**
 * Full-page screenshots for a human review, written to test-results/screenshots/<name>-<width>.png.
 * They assert nothing about pixels; they only fail when a page cannot be shown.
 */
const PAGES = [
  { name: "home", path: "/" },
  { name: "character-1", path: "/character/1" },
  { name: "not-found", path: "/definitely/missing" },
  { name: "faq", path: "/faq" },
] as const;

/** Waits for web fonts and every <img> to finish, so a screenshot never catches a half-loaded page. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete)))
    .toBe(true);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport, colorScheme: "light" });

    // Modals are fixed to the viewport, so a full-page capture would misplace them: those are viewport shots.
    const shot = (page: Page, name: string, fullPage = true) =>
      page.screenshot({
        // The project output folder is test-results/e2e (see playwright.config.ts); screenshots sit beside it.
        path: path.join(test.info().project.outputDir, "..", "screenshots", `${name}-${viewport.width}.png`),
        fullPage,
        animations: "disabled",
      });

    for (const { name, path: url } of PAGES) {
      test(`screenshot ${name}`, async ({ page }) => {
        await page.goto(url);
        await expect(page.getByRole("main")).toBeVisible();
        await settle(page);
        await shot(page, name);
      });
    }

    test("screenshot home in dark theme", async ({ page }) => {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.goto("/");
      await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
      await settle(page);
      await shot(page, "home-dark");
    });

    test("screenshot sign-in dialog", async ({ page }) => {
      await page.goto("/");
      const dialog = page.getByRole("dialog", { name: "Welcome" });
      await clickUntil(page.getByRole("banner").getByRole("button", { name: "Sign in" }), dialog);
      await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => undefined));
      await settle(page);
      await shot(page, "sign-in", false);
    });
  });
}
