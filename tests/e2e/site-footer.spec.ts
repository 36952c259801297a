import path from "node:path";
import { expect, test } from "@playwright/test";
import { SITE_PAGES } from "../../lib/site/site-pages";
import { clickUntil, MOBILE, VIEWPORTS } from "./support";

/**
 * Issue 15 item 2: the default layout's footer, the register step's Terms and Privacy links, and the text pages'
 * way back (the logo) and titles. Screenshots of the footer go to test-results/screenshots/ for a human look.
 */
const SHOTS = path.resolve("test-results/screenshots");

for (const viewport of VIEWPORTS) {
  for (const theme of ["light", "dark"] as const) {
    test.describe(`${theme} at ${viewport.width}px`, () => {
      test.use({ viewport, colorScheme: theme });

      test("the home page has a footer landmark with every site page, reachable and inside the width", async ({
        page,
      }) => {
        await page.goto("/");
        const footer = page.getByRole("contentinfo");
        await expect(footer).toHaveCount(1);
        const nav = footer.getByRole("navigation", { name: "Footer" });
        for (const item of SITE_PAGES) {
          await expect(nav.getByRole("link", { name: item.label, exact: true })).toHaveAttribute("href", item.href);
        }
        await footer.scrollIntoViewIfNeeded();
        const box = await footer.boundingBox();
        expect(box?.width).toBeLessThanOrEqual(viewport.width);
        // Nothing sideways: the footer's links wrap rather than widen the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await nav.getByRole("link", { name: "FAQ", exact: true }).focus();
        await expect(nav.getByRole("link", { name: "FAQ", exact: true })).toBeFocused();
        await footer.screenshot({ path: path.join(SHOTS, `footer-${theme}-${viewport.width}.png`) });
      });
    });
  }
}

test.describe("a page shorter than the window", () => {
  test.use({ viewport: { width: 1280, height: 1400 } });

  test("has its footer at the bottom of the window, not above an empty strip", async ({ page }) => {
    await page.goto("/character/1");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toBeVisible();
    const box = await footer.boundingBox();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(1400);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(1400);
  });
});

test.describe("chat at 390px", () => {
  test.use({ viewport: MOBILE });

  test("the chat page leaves the footer out: the composer keeps the bottom and the page does not scroll", async ({
    page,
  }) => {
    await page.goto("/character/chat/1");
    await expect(page.getByRole("main").getByRole("textbox")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    const { scrollHeight, innerHeight } = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      innerHeight: window.innerHeight,
    }));
    expect(scrollHeight).toBeLessThanOrEqual(innerHeight);
    await page.screenshot({ path: path.join(SHOTS, "footer-chat-390.png") });
  });

  test("a footer link leads to its page, and leaving the chat brings the footer back", async ({ page }) => {
    await page.goto("/character/1");
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms", exact: true }).click();
    await expect(page).toHaveURL("/terms");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  });
});

test("the register step says creating an account accepts the Terms and the Privacy Policy, in a new tab", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await clickUntil(
    page.getByRole("banner").getByRole("button", { name: "Sign in" }),
    page.getByRole("dialog", { name: "Welcome" }),
  );
  const email = `e2e-terms-${Date.now().toString(36)}@example.test`;
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Create account" })).toBeVisible();
  await expect(dialog.getByText("By creating an account you accept the")).toBeVisible();
  await dialog.getByLabel("Captcha", { exact: true }).fill("abcd");

  for (const [name, href, heading] of [
    ["Terms of Service", "/terms", "Terms of Service"],
    ["Privacy Policy", "/privacy", "Privacy Policy"],
  ] as const) {
    const link = dialog.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(heading);
    await tab.close();
  }
  // The dialog kept its step and what was typed.
  await expect(page.getByRole("dialog", { name: "Create account" })).toBeVisible();
  await expect(dialog.getByLabel("Captcha", { exact: true })).toHaveValue("abcd");
});

const TEXT_PAGES = [
  { path: "/faq", title: "Frequently asked questions · Kewl" },
  { path: "/terms", title: "Terms of Service · Kewl" },
  { path: "/privacy", title: "Privacy Policy · Kewl" },
  { path: "/cookie-policy", title: "Cookie Policy · Kewl" },
  { path: "/about-us", title: "About us · Kewl" },
  {
    path: "/blog/experience-personalized-ai-chat-with-hot-girls-for-ultimate-fun",
    title: "Experience personalized AI chat · Kewl",
  },
  { path: "/event/halloween-2025", title: "Halloween 2025 · Kewl" },
] as const;

for (const { path: pagePath, title } of TEXT_PAGES) {
  test(`${pagePath} has its own title and a logo link back to the app`, async ({ page }) => {
    await page.goto(pagePath);
    await expect(page).toHaveTitle(title);
    const logo = page.getByRole("link", { name: "Kewl home" });
    await expect(logo).toHaveAttribute("href", "/");
    await logo.click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("banner")).toBeVisible();
  });
}
