import { expect, type Locator, type Page } from "@playwright/test";
import { clickUntil } from "./support";

export const PLANS_TITLE = "Choose your subscription";
export const COINS_TITLE = "Get Coins";

export const plansDialog = (page: Page) => page.getByRole("dialog", { name: PLANS_TITLE });
export const coinsDialog = (page: Page) => page.getByRole("dialog", { name: COINS_TITLE });
export const planCards = (page: Page) => plansDialog(page).getByTestId("plan-card");
export const planAction = (page: Page) => plansDialog(page).getByTestId("plan-action");
// By test id: while a dialog is open the header is outside it, so hidden from the accessibility tree (no "banner").
export const headerPlan = (page: Page) => page.getByTestId("header-subscribe");
export const headerCoins = (page: Page) => page.getByTestId("header-coins");

/** Opens 'Choose your subscription' from the header and waits for the plans. */
export async function openPlans(page: Page): Promise<Locator> {
  await clickUntil(headerPlan(page), plansDialog(page));
  await expect(planCards(page).first()).toBeVisible();
  return plansDialog(page);
}

/** Opens 'Get Coins' from the header coin balance and waits for the packages. */
export async function openCoins(page: Page): Promise<Locator> {
  await clickUntil(headerCoins(page), coinsDialog(page));
  await expect(coinsDialog(page).getByTestId("coin-pack").first()).toBeVisible();
  return coinsDialog(page);
}

/** Picks a plan or package the way a person does, by clicking its card (the radio itself is visually hidden). */
export async function pick(dialog: Locator, name: RegExp): Promise<void> {
  // `has` is matched inside each label, so it is built from the page, not from the dialog.
  await dialog.locator("label", { has: dialog.page().getByRole("radio", { name }) }).click();
  await expect(dialog.getByRole("radio", { name })).toBeChecked();
}

/** Waits until every running animation in `locator` (a dialog's entry) has finished, for layout checks. */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => undefined),
  );
}

/**
 * Clicks `action` (Subscribe Now, Purchase Now…) and returns the payment tab it opens, once the tab is on the
 * sandbox checkout page.
 */
export async function openPaymentTab(page: Page, action: Locator): Promise<Page> {
  const popup = page.waitForEvent("popup");
  await action.click();
  const tab = await popup;
  await tab.waitForURL(/\/payment\/sandbox\/[^/]+$/);
  await expect(tab.getByRole("heading", { name: "Test payment" })).toBeVisible();
  return tab;
}

/** The local date the dialog shows for an expiry in seconds, as the browser formats it. */
export function expiryText(page: Page, seconds: number): Promise<string> {
  return page.evaluate(
    (s) => new Date(s * 1000).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }),
    seconds,
  );
}
