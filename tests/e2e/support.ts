import { expect, type Locator, type Page } from "@playwright/test";
import { DEMO_CHARACTERS } from "../../server/db/seed/demo-characters";
import { DEMO_TAGS } from "../../server/db/seed/demo-tags";

export { DEMO_CHARACTERS, DEMO_TAGS };

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const VIEWPORTS = [MOBILE, DESKTOP] as const;

/** The brand link in the site header ("K" badge is aria-hidden, so the name is just "Kewl"). */
export function brandLink(page: Page): Locator {
  return page.getByRole("banner").getByRole("link", { name: "Kewl", exact: true });
}

/** Text as React writes it into HTML (it escapes &, <, >, " and '). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

/** The longest literal stretch of a seeded greeting, i.e. what shows whatever `{{user}}` is replaced with. */
export function greetingFragment(greeting: string): string {
  const parts = greeting.split(/\{\{\w+\}\}/).map((p) => p.trim());
  return parts.reduce((a, b) => (b.length > a.length ? b : a), "");
}

/**
 * Clicks a control of a client island until `opened` holds. A click that lands before React hydrates does
 * nothing, so this retries; it never clicks again once `opened` is true.
 */
export async function clickUntil(target: Locator, opened: Locator): Promise<void> {
  await expect(async () => {
    if (!(await opened.isVisible())) await target.click();
    await expect(opened).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
}

/** True once React has hydrated the document (it marks hydrated DOM nodes with its fiber key). */
export function hydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber")));
}

/** True when the element (or the nearest focusable part of it) draws a focus indicator. */
export async function focusIndicator(target: Locator): Promise<{ outline: string; boxShadow: string }> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: `${style.outlineStyle} ${style.outlineWidth}`, boxShadow: style.boxShadow };
  });
}

export function hasVisibleFocus({ outline, boxShadow }: { outline: string; boxShadow: string }): boolean {
  const outlineShown = !outline.startsWith("none") && !/\s0px$/.test(outline);
  return outlineShown || (boxShadow !== "none" && boxShadow !== "");
}

/**
 * A toast in the notifications region (Radix also keeps a screen-reader copy elsewhere). The region counts when
 * hidden from the accessibility tree: a modal dialog opened after it mounted (Edit Profile after a sign-in) marks
 * everything outside the dialog aria-hidden, while the toast is still shown and announced by Radix's announcer.
 */
export function toast(page: Page, text: string): Locator {
  return page.getByRole("region", { name: /Notifications/, includeHidden: true }).getByText(text, { exact: true });
}
