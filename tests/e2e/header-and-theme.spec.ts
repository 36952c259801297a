import { expect, type Locator, type Page, test } from "@playwright/test";
import { signedInUser } from "./chat-support";
import { brandLink, focusIndicator, hasVisibleFocus, VIEWPORTS } from "./support";

const NEXT_THEME: Record<string, string> = {
  "Theme: Light": "Theme: Dark",
  "Theme: Dark": "Theme: System",
  "Theme: System": "Theme: Light",
};

function themeToggle(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: /^Theme: / });
}

/** One step of the theme cycle; retries only while the click landed before hydration (label unchanged). */
async function cycleTheme(toggle: Locator): Promise<string> {
  const before = (await toggle.getAttribute("aria-label")) ?? "";
  const expected = NEXT_THEME[before];
  expect(expected, `unknown theme label "${before}"`).toBeDefined();
  await expect(async () => {
    if ((await toggle.getAttribute("aria-label")) !== expected) await toggle.click();
    await expect(toggle).toHaveAttribute("aria-label", expected!, { timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
  return expected!;
}

const html = (page: Page) => page.locator("html");

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport, colorScheme: "light" });

    test("the header search sends the query to /search", async ({ page }) => {
      await page.goto("/");
      const banner = page.getByRole("banner");
      const headerBox = banner.getByRole("searchbox", { name: "Search characters" });
      if (await headerBox.isVisible()) {
        await headerBox.fill("dragon");
        await headerBox.press("Enter");
      } else {
        // Narrow screens: the header offers a Search link instead of the inline form.
        await banner.getByRole("link", { name: "Search", exact: true }).filter({ visible: true }).first().click();
        await expect(page).toHaveURL("/search");
        const pageBox = page.getByRole("main").getByRole("searchbox");
        await expect(pageBox, "the search page has its own search box").toBeVisible();
        await pageBox.fill("dragon");
        await pageBox.press("Enter");
      }
      await expect(page).toHaveURL(/\/search\?(.*&)?q=dragon(&|$)/);
    });

    test("the theme toggle cycles, drives the dark class and survives a reload", async ({ page }) => {
      await page.goto("/");
      const toggle = themeToggle(page);
      await expect(toggle).toHaveAttribute("aria-label", "Theme: System");
      await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);

      expect(await cycleTheme(toggle)).toBe("Theme: Light");
      await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);

      expect(await cycleTheme(toggle)).toBe("Theme: Dark");
      await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);

      await page.reload();
      await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
      await expect(toggle).toHaveAttribute("aria-label", "Theme: Dark");

      expect(await cycleTheme(toggle)).toBe("Theme: System");
      await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    });

    test("Tab reaches the skip link, then the brand link, each with a visible focus ring", async ({ page }) => {
      await page.goto("/");
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await expect.poll(async () => hasVisibleFocus(await focusIndicator(skip))).toBe(true);

      await page.keyboard.press("Tab");
      const brand = brandLink(page);
      await expect(brand).toBeFocused();
      await expect.poll(async () => hasVisibleFocus(await focusIndicator(brand))).toBe(true);
    });
  });
}

/** How far the page reaches past the window's right edge, in CSS pixels (0 when nothing sticks out). */
function overflowRight(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

// From 640px the nav shares the header's row with Subscribe, the coins and the account: at 640-704px the search box
// used to push Sign in off the screen. Below, the row holds the brand and the icons: at 320px (a small phone, or
// 400% zoom) the signed-in row was 345px wide and the page scrolled sideways.
const HEADER_WIDTHS = [320, 359, 360, 399, 400, 640, 700, 767, 768, 1023, 1024] as const;

test("the header's row fits the window from 320px up, signed out and signed in", async ({ page, request }) => {
  // The header's widths are CSS alone: one page load each way, then the window changes width.
  const fits = async (end: Locator, state: string) => {
    for (const width of HEADER_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expect(end, `${state} at ${width}px`).toBeInViewport({ ratio: 1 });
      expect(await overflowRight(page), `${state} at ${width}px`).toBe(0);
    }
  };
  await page.goto("/");
  await fits(page.getByRole("banner").getByRole("button", { name: "Sign in" }), "signed out");
  // Where the box is narrower than its placeholder (768px), the placeholder ends in an ellipsis, not mid-letter.
  await page.setViewportSize({ width: 768, height: 800 });
  const box = page.getByRole("banner").getByRole("searchbox", { name: "Search characters" });
  expect(await box.evaluate((input) => getComputedStyle(input).textOverflow)).toBe("ellipsis");

  await signedInUser(page, request, "header");
  await page.goto("/");
  const account = page.getByRole("banner").getByRole("button", { name: /^Account: / });
  const coins = page.getByTestId("header-coin-count");
  await expect(coins).toHaveText("0");
  await fits(account, "signed in");
  // A balance as wide as the count's format makes it ("999.9k") still fits.
  await coins.evaluate((count) => (count.textContent = "999.9k"));
  await fits(account, "signed in with a long balance");

  // The narrowest row shows the brand's badge alone, and the link keeps its name.
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(page.getByRole("banner").getByRole("link", { name: "Kewl" })).toBeInViewport({ ratio: 1 });
});
