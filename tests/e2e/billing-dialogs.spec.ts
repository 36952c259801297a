import { expect, test, type Page, type Request } from "@playwright/test";
import { signedInUser } from "./chat-support";
import {
  animationsDone,
  pick,
  coinsDialog,
  headerPlan,
  openCoins,
  openPlans,
  planAction,
  planCards,
  plansDialog,
} from "./billing-support";
import { DESKTOP, focusIndicator, hasVisibleFocus, MOBILE, VIEWPORTS } from "./support";

/** The demo seed (server/db/seed/demo-billing.ts): Free (2), Plus (1), Pro (1), Studio (0); four coin packs. */

async function noPageScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const viewport of VIEWPORTS) {
  const wide = viewport.width >= 640;
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("a visitor sees the plans: prices, rights, the default plan and the button", async ({ page }) => {
      await page.goto("/");
      const dialog = await openPlans(page);
      await animationsDone(dialog);
      expect(await dialog.getAttribute("data-vaul-drawer")).toBe(wide ? null : "");

      const cards = planCards(page);
      await expect(cards).toHaveCount(4);
      expect(await cards.evaluateAll((els) => els.map((el) => el.getAttribute("data-position")))).toEqual([
        "first",
        "second",
        "other",
        "other",
      ]);
      const plus = cards.nth(1);
      await expect(plus.getByTestId("plan-amount")).toHaveText("$9.99");
      await expect(plus.getByTestId("plan-period")).toHaveText("/month");
      await expect(plus.getByTestId("plan-remind")).toHaveText("Most popular");
      await expect(plus.getByTestId("plan-right")).toHaveText([
        "Included: Unlimited replies on the Standard model",
        "Included: Premium models at 50% of the coin cost",
      ]);
      // Free lists what it gives and what it lacks, marked in words for screen readers, not by colour alone.
      await expect(cards.nth(0).getByTestId("plan-right")).toHaveText([
        "Included: 5 free replies a day on the Standard model",
        "Not included: Unlimited replies on the Standard model",
        "Not included: Premium models at a lower coin cost",
      ]);

      // SPEC §4: Free is status 2, so the first plan with status 1 (Plus) is chosen.
      const radios = dialog.getByRole("radio");
      await expect(radios.nth(1)).toBeChecked();
      await expect(planAction(page)).toHaveText("Subscribe Now");

      // A radio group: arrows move the choice and the button follows it.
      await radios.nth(1).focus();
      expect(hasVisibleFocus(await focusIndicator(plus))).toBe(true);
      await page.keyboard.press("ArrowRight");
      await expect(radios.nth(2)).toBeChecked();
      await expect(planAction(page)).toHaveText("Subscribe Now");
      await page.keyboard.press("ArrowRight");
      await expect(radios.nth(3)).toBeChecked();
      await expect(planAction(page)).toHaveText("Coming Soon");
      await expect(planAction(page)).toBeDisabled();
      await page.keyboard.press("ArrowRight");
      await expect(radios.nth(0)).toBeChecked();
      await expect(planAction(page)).toHaveText("Free to Use");
      await expect(planAction(page)).toBeDisabled();

      const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
      const list = dialog.getByTestId("plan-list");
      if (wide) {
        // Three columns: the first three side by side, the fourth on the next row.
        expect(boxes[0].top).toBe(boxes[1].top);
        expect(boxes[1].top).toBe(boxes[2].top);
        expect(boxes[0].left).toBeLessThan(boxes[1].left);
        expect(boxes[1].left).toBeLessThan(boxes[2].left);
        expect(boxes[3].top).toBeGreaterThan(boxes[0].bottom);
      } else {
        // One row that scrolls sideways inside the drawer; the page itself never does.
        expect(new Set(boxes.map((b: DOMRect) => b.top)).size).toBe(1);
        expect(await list.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await noPageScroll(page);
      }

      await page.keyboard.press("Escape");
      await expect(plansDialog(page)).toBeHidden();
      await expect(headerPlan(page)).toBeFocused();
    });

    test("a signed-in user sees My Coins and the packages; Purchase Now waits for a choice", async ({
      page,
      request,
    }) => {
      await signedInUser(page, request, `coins${viewport.width}`);
      await page.goto("/");
      const dialog = await openCoins(page);
      await animationsDone(dialog);
      await expect(dialog.getByText("My Coins")).toBeVisible();
      await expect(dialog.getByTestId("coin-balance")).toHaveText("0");

      const packs = dialog.getByTestId("coin-pack");
      await expect(packs).toHaveCount(4);
      // Focus started on the dialog, not on Close (the packages were still loading), and Tab reaches the first one.
      await expect(dialog).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("radio", { name: /^100 coins/ })).toBeFocused();
      await expect(packs.getByTestId("coin-count")).toHaveText(["100", "550", "1,200", "5,000"]);
      await expect(packs.getByTestId("coin-name")).toHaveText(["Starter", "Popular", "Big pack", "Whale"]);
      await expect(packs.getByTestId("coin-price")).toHaveText(["$1.99", "$8.99", "$14.99", "$49.99"]);
      // Discounts only where the original price is higher: 899 of 999 is 10% off, 1499 of 1999 is 25%.
      await expect(packs.nth(0).getByTestId("coin-discount")).toHaveCount(0);
      await expect(packs.nth(1).getByTestId("coin-discount")).toHaveText("-10%");
      await expect(packs.nth(1).getByTestId("coin-original-price")).toHaveText("$9.99");
      await expect(packs.nth(2).getByTestId("coin-discount")).toHaveText("-25%");
      await expect(packs.nth(2).getByTestId("coin-remind")).toHaveText("Enough for long adventures");

      const purchase = dialog.getByRole("button", { name: "Purchase Now" });
      await expect(purchase).toBeDisabled();
      await expect(dialog.getByRole("radio", { name: /^5,000 coins/ })).toBeDisabled();
      await pick(dialog, /^550 coins/);
      await expect(purchase).toBeEnabled();
      if (!wide) await noPageScroll(page);
      await page.keyboard.press("Escape");
      await expect(coinsDialog(page)).toBeHidden();
    });
  });
}

test("buying while signed out opens the login modal, closes the dialog and creates no order", async ({ page }) => {
  const orders: Request[] = [];
  page.on("request", (req) => {
    if (/\/v1\/(subscribe|buy_coin)\/create/.test(req.url())) orders.push(req);
  });
  let tabs = 0;
  page.on("popup", () => tabs++);
  await page.goto("/");
  await openPlans(page);
  await planAction(page).click();
  await expect(page.getByRole("dialog", { name: "Welcome" })).toBeVisible();
  await expect(plansDialog(page)).toHaveCount(0);
  expect(orders).toEqual([]);
  expect(tabs).toBe(0);
});

test("the plans show from the cache at once, and the background refresh updates them", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await openPlans(page);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("subscribe-products") ?? "null"));
  expect(stored.value.product_list).toHaveLength(4);
  expect(Date.now() - stored.timestamp).toBeLessThan(60_000);

  // The next page's refresh is held until the cached plans are on screen, then answers a renamed plan.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Signed GETs carry the signature fields in the query.
  const PRODUCTS = /\/v1\/subscribe\/product(\?|$)/;
  await page.route(PRODUCTS, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.product_list[1].name = "Plus Refreshed";
    await held;
    await route.fulfill({ response, json: body });
  });
  const refreshed = page.waitForResponse(PRODUCTS);
  await page.reload();
  await openPlans(page);
  await expect(planCards(page).nth(1)).toContainText("Plus");
  await expect(planCards(page).nth(1)).not.toContainText("Plus Refreshed");
  await expect(plansDialog(page).getByText("Loading subscription plans...")).toHaveCount(0);
  release();
  await refreshed;
  await expect(planCards(page).nth(1)).toContainText("Plus Refreshed");
});

test("the drawer on a phone: the plans dialog is a bottom drawer whose action stays on screen", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/");
  const dialog = await openPlans(page);
  await animationsDone(dialog);
  const box = await dialog.boundingBox();
  expect(Math.round(box!.y + box!.height)).toBe(MOBILE.height);
  const button = await planAction(page).boundingBox();
  expect(button!.y + button!.height).toBeLessThanOrEqual(MOBILE.height);
});
