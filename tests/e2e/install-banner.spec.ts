import { devices, expect, type Locator, type Page, test } from "@playwright/test";
import { focusIndicator, hasVisibleFocus, hydrated, MOBILE } from "./support";

declare global {
  interface Window {
    /** How many times the synthetic install prompt's prompt() was called. */
    __prompted?: number;
  }
}

const STORAGE_KEY = "install_banner";
const IPHONE_UA = devices["iPhone 13"].userAgent;

const banner = (page: Page): Locator => page.getByRole("region", { name: "Install Kewl" });

/**
 * Opens `path` on a fake clock that then stands still, so the banner's 3 s pass only when the test says so.
 * The clock flows while the page loads and hydrates.
 */
async function openWithPausedClock(page: Page, path = "/"): Promise<void> {
  await page.clock.install();
  // The analytics SDK makes its visitor id by spinning until Date.now() changes, which a paused clock never
  // does: let it start (its first report goes out once it has) before the clock stops.
  const analyticsStarted = page.waitForRequest((req) => new URL(req.url()).pathname.startsWith("/v1/sa"));
  await page.goto(path);
  await expect.poll(() => hydrated(page)).toBe(true);
  await analyticsStarted;
  await page.clock.pauseAt(Date.now() + 60_000);
}

/** Fires a synthetic `beforeinstallprompt` like Chromium's; answers whether the page held the browser's own UI. */
function firePrompt(page: Page, outcome: "accepted" | "dismissed" = "accepted"): Promise<boolean> {
  return page.evaluate((outcome) => {
    window.__prompted = 0;
    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: () => {
        window.__prompted = (window.__prompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome, platform: "web" }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const storedOutcome = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { outcome: string }).outcome : null;
  }, STORAGE_KEY);

/**
 * Nothing more is loading: the banner's code, when asked for, has arrived and its timer is set (on the paused
 * clock, a timer set after the time was moved on would wait for the next move).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

/** Lets the banner's 3 s pass, once whatever would show it has loaded (for the cases where it must not show). */
async function waitOutDelay(page: Page): Promise<void> {
  await settled(page);
  await page.clock.runFor(3_000);
  await settled(page);
}

/**
 * Moves the paused clock by `ms`, then on in small steps until the banner shows: code that arrives after a move
 * (the banner's chunk, React revealing it) sets timers that run only when the clock moves again.
 */
async function runUntilBanner(page: Page, ms = 3_000): Promise<void> {
  await page.clock.runFor(ms);
  await expect(async () => {
    if (!(await banner(page).isVisible())) await page.clock.runFor(50);
    await expect(banner(page)).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

test("the banner shows 3 s after the install prompt, Install calls the saved prompt, and it never comes back", async ({
  page,
}) => {
  await openWithPausedClock(page);
  expect(await firePrompt(page)).toBe(true);
  await settled(page);
  await page.clock.runFor(2_900);
  await expect(banner(page)).toHaveCount(0);
  await runUntilBanner(page, 100);
  expect(await storedOutcome(page)).toBe("shown");

  await banner(page).getByRole("button", { name: "Install" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.__prompted)).toBe(1);
  await expect.poll(() => storedOutcome(page)).toBe("installed");

  await page.reload();
  await expect.poll(() => hydrated(page)).toBe(true);
  expect(await firePrompt(page)).toBe(true);
  await waitOutDelay(page);
  await expect(banner(page)).toHaveCount(0);
});

test("Not now or Escape closes it for good; its buttons show a focus ring", async ({ page }) => {
  await openWithPausedClock(page, "/search");
  await firePrompt(page);
  await runUntilBanner(page);
  const notNow = banner(page).getByRole("button", { name: "Not now" });
  await notNow.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(notNow).toBeFocused();
  expect(hasVisibleFocus(await focusIndicator(notNow))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(banner(page)).toHaveCount(0);
  expect(await storedOutcome(page)).toBe("dismissed");
  expect(await page.evaluate(() => window.__prompted)).toBe(0);

  await page.reload();
  await expect.poll(() => hydrated(page)).toBe(true);
  await firePrompt(page);
  await waitOutDelay(page);
  await expect(banner(page)).toHaveCount(0);
});

test("the browser reporting the app installed hides the banner", async ({ page }) => {
  await openWithPausedClock(page);
  await firePrompt(page);
  await runUntilBanner(page);
  await page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
  await expect(banner(page)).toHaveCount(0);
  expect(await storedOutcome(page)).toBe("installed");
});

test.describe("on a phone", () => {
  test.use({ viewport: MOBILE });

  test("on the chat page it leaves the chat's header and the composer free", async ({ page }) => {
    await openWithPausedClock(page, "/character/chat/1");
    await firePrompt(page);
    await runUntilBanner(page);
    const box = await banner(page).boundingBox();
    const header = await page.locator("[data-chat-header]").boundingBox();
    const composer = await page.getByRole("textbox", { name: /^Message / }).boundingBox();
    expect(box && header && composer).toBeTruthy();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(box!.y + box!.height).toBeLessThanOrEqual(composer!.y);
  });
});

test.describe("Safari on iOS", () => {
  test.use({ userAgent: IPHONE_UA, viewport: MOBILE, hasTouch: true });

  test("explains Share, then Add to Home Screen, 3 s after the page starts", async ({ page }) => {
    await openWithPausedClock(page);
    await runUntilBanner(page);
    await expect(banner(page)).toContainText("Tap Share, then Add to Home Screen.");
    await expect(banner(page).getByRole("button", { name: "Install" })).toHaveCount(0);
    await banner(page).getByRole("button", { name: "Got it" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedOutcome(page)).toBe("dismissed");
  });

  test("shows nothing when opened from the home screen", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "standalone", { get: () => true }));
    await openWithPausedClock(page);
    await waitOutDelay(page);
    await expect(banner(page)).toHaveCount(0);
    expect(await storedOutcome(page)).toBeNull();
  });
});

test("shows nothing when the app already runs installed (display-mode: standalone)", async ({ page }) => {
  // Neither Playwright's emulateMedia nor the DevTools protocol emulates display-mode (Chromium 156): the page's
  // matchMedia answers it as an installed window's would.
  await page.addInitScript(() => {
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query) => matchMedia(query.replace(/\(display-mode:\s*standalone\)/g, "all"));
  });
  await openWithPausedClock(page);
  // The browser's own prompt stays held back all the same.
  expect(await firePrompt(page)).toBe(true);
  await waitOutDelay(page);
  await expect(banner(page)).toHaveCount(0);
  expect(await storedOutcome(page)).toBeNull();
});
