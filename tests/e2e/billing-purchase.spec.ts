import { expect, test, type APIRequestContext } from "@playwright/test";
import { signedInUser, type TestSession } from "./chat-support";
import {
  coinsDialog,
  expiryText,
  headerCoins,
  headerPlan,
  openCoins,
  openPaymentTab,
  openPlans,
  pick,
  planAction,
  planCards,
  plansDialog,
} from "./billing-support";
import { toast, VIEWPORTS } from "./support";

/** Purchases through the payment tab and the built-in sandbox checkout (playwright.config.ts: sandbox on). */

async function subscriptionInfo(request: APIRequestContext, session: TestSession) {
  const res = await request.get("/v1/subscribe/me", { headers: { authorization: `Bearer ${session.token}` } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as {
    is_subscribe: boolean;
    product_info: { product_id: string } | null;
    subscribe_info: { status: number; expire_timestamp: number } | null;
  };
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("a plan bought in the payment tab is held with its expiry; cancel, then resubscribe", async ({
      page,
      request,
    }) => {
      const session = await signedInUser(page, request, `plan${viewport.width}`);
      await page.goto("/");
      await expect(headerPlan(page)).toHaveAttribute("data-state", "none");
      await openPlans(page);
      await expect(plansDialog(page).getByRole("radio", { name: /^Plus/ })).toBeChecked();

      const tab = await openPaymentTab(page, planAction(page));
      const order = tab.getByTestId("sandbox-order");
      await expect(order).toContainText("Plus");
      await expect(order).toContainText("$9.99/month");
      await expect(tab.getByTestId("sandbox-amount")).toHaveText("$9.99");
      await expect(tab.getByText("No real money is charged")).toBeVisible();
      const closed = tab.waitForEvent("close");
      await tab.getByRole("button", { name: "Pay $9.99 (test)" }).click();
      await closed;

      const banner = plansDialog(page).getByTestId("payment-banner");
      await expect(banner).toContainText("Payment Successful");
      await expect(banner).toContainText("Your subscription has been activated successfully!");
      const info = await subscriptionInfo(request, session);
      expect(info).toMatchObject({ is_subscribe: true, product_info: { product_id: "plan-plus-monthly" } });
      expect(info.subscribe_info?.status).toBe(1);
      const plus = planCards(page).nth(1);
      await expect(plus.getByTestId("plan-expires")).toHaveText(
        `Expires: ${await expiryText(page, info.subscribe_info!.expire_timestamp)}`,
      );
      await expect(plus).toContainText("Your plan");
      await expect(planAction(page)).toHaveText("Cancel Subscription");
      await expect(headerPlan(page)).toHaveAttribute("data-state", "subscribed");
      // (Behind the open dialog the header is hidden from the accessibility tree: its label is read directly.)
      await expect(headerPlan(page)).toHaveAttribute("aria-label", /^Plus plan, renews /);

      // Cancel: paid to the end of the period, so the plan stays held with Resubscribe.
      await planAction(page).click();
      await expect(toast(page, "Subscription cancelled")).toBeVisible();
      await expect(toast(page, "Your subscription has been cancelled successfully")).toBeVisible();
      await expect(planAction(page)).toHaveText("Resubscribe");
      expect((await subscriptionInfo(request, session)).subscribe_info?.status).toBe(2);
      await expect(plus.getByTestId("plan-expires")).toBeVisible();

      // Resubscribing while still paid resumes it without a payment (the tab opens and closes again).
      await planAction(page).click();
      await expect(planAction(page)).toHaveText("Cancel Subscription");
      expect((await subscriptionInfo(request, session)).subscribe_info?.status).toBe(1);

      // Closing the dialog clears the result. (The Close button: Escape would first dismiss the open toast.)
      await plansDialog(page).getByRole("button", { name: "Close" }).click();
      await expect(plansDialog(page)).toBeHidden();
      await openPlans(page);
      await expect(plansDialog(page).getByTestId("payment-banner")).toHaveCount(0);
      // Focus starts on the chosen plan (the list was already loaded).
      await expect(plansDialog(page).getByRole("radio", { name: /^Plus/ })).toBeChecked();
      await expect(plansDialog(page).getByRole("radio", { name: /^Plus/ })).toBeFocused();
      // On a phone the sideways list is scrolled to it.
      await expect(planCards(page).nth(1)).toBeInViewport({ ratio: 0.95 });
    });

    test("coins bought in the payment tab show in the dialog and the header", async ({ page, request }) => {
      await signedInUser(page, request, `buy${viewport.width}`);
      await page.goto("/");
      await expect(headerCoins(page)).toHaveAccessibleName("0 coins. Get Coins");
      const dialog = await openCoins(page);
      await pick(dialog, /^550 coins/);

      const tab = await openPaymentTab(page, dialog.getByRole("button", { name: "Purchase Now" }));
      await expect(tab.getByTestId("sandbox-order")).toContainText("550 coins");
      const closed = tab.waitForEvent("close");
      await tab.getByRole("button", { name: "Pay $8.99 (test)" }).click();
      await closed;

      await expect(dialog.getByTestId("payment-banner")).toContainText("Purchase Successful");
      await expect(dialog.getByTestId("payment-banner")).toContainText(
        "Coins have been added to your account successfully!",
      );
      await expect(dialog.getByTestId("coin-balance")).toHaveText("550");
      await expect(headerCoins(page)).toHaveAttribute("aria-label", "550 coins. Get Coins");
      await expect(headerCoins(page)).toContainText("550");
    });
  });
}

test("coins bought on another address of the site than PUBLIC_BASE_URL: the tab pays there and tells the page", async ({
  page,
  request,
  baseURL,
}) => {
  // PUBLIC_BASE_URL is the 127.0.0.1 address; the site is opened on localhost, as a phone on the LAN opens it on
  // the laptop's address. The sandbox's page is this site's: the tab must open on the page's own origin.
  await signedInUser(page, request, "elsewhere");
  const elsewhere = new URL("/", baseURL);
  elsewhere.hostname = "localhost";
  await page.goto(elsewhere.href);
  const dialog = await openCoins(page);
  await pick(dialog, /^550 coins/);
  const tab = await openPaymentTab(page, dialog.getByRole("button", { name: "Purchase Now" }));
  expect(new URL(tab.url()).origin).toBe(elsewhere.origin);
  const closed = tab.waitForEvent("close");
  await tab.getByRole("button", { name: "Pay $8.99 (test)" }).click();
  await closed;
  await expect(dialog.getByTestId("payment-banner")).toContainText("Purchase Successful");
  await expect(dialog.getByTestId("coin-balance")).toHaveText("550");
});

test("a payment cancelled in the tab shows Payment Cancelled and creates nothing", async ({ page, request }) => {
  await signedInUser(page, request, "cancelpay");
  await page.goto("/");
  const dialog = await openCoins(page);
  await pick(dialog, /^100 coins/);
  const tab = await openPaymentTab(page, dialog.getByRole("button", { name: "Purchase Now" }));
  const closed = tab.waitForEvent("close");
  await tab.getByRole("button", { name: "Cancel payment" }).click();
  await closed;
  await expect(dialog.getByTestId("payment-banner")).toContainText("Payment Cancelled");
  await expect(dialog.getByTestId("payment-banner")).toContainText(
    "Your payment was cancelled. You can try again anytime.",
  );
  await expect(dialog.getByTestId("coin-balance")).toHaveText("0");
});

test("the sandbox page refuses a signed-out visitor and another user's order, and says when it is paid", async ({
  page,
  browser,
  request,
}) => {
  // Two users and four pages: 53-66 s on a loaded 2-core machine, against the default 60 s.
  test.setTimeout(120_000);
  await signedInUser(page, request, "owner");
  await page.goto("/");
  const dialog = await openCoins(page);
  await pick(dialog, /^100 coins/);
  const tab = await openPaymentTab(page, dialog.getByRole("button", { name: "Purchase Now" }));
  const url = tab.url();

  const visitor = await browser.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole("main").getByRole("alert")).toHaveText(/You're signed out/);
  await expect(visitor.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
  await expect(visitor.getByRole("button", { name: /^Pay / })).toHaveCount(0);

  const stranger = await browser.newPage();
  await signedInUser(stranger, request, "stranger");
  await stranger.goto(url);
  await expect(stranger.getByRole("main").getByRole("alert")).toHaveText(
    "This order doesn't exist or belongs to another account.",
  );
  await expect(stranger.getByRole("button", { name: /^Pay / })).toHaveCount(0);

  const closed = tab.waitForEvent("close");
  await tab.getByRole("button", { name: "Pay $1.99 (test)" }).click();
  await closed;
  await expect(dialog.getByTestId("coin-balance")).toHaveText("100");
  const again = await page.context().newPage();
  await again.goto(url);
  await expect(
    again.getByRole("main").getByRole("status").filter({ hasText: "This order is already paid." }),
  ).toBeVisible();
  await visitor.close();
  await stranger.close();
});

test("a chat refused for coins opens Get Coins and keeps the typed message", async ({ page, request }) => {
  const session = await signedInUser(page, request, "chatcoins");
  // The chat's model is Premium (2 coins a reply) and the new user has none.
  const set = await request.post("/v1/chat_session/set_model", {
    data: { robot_id: 1, model: "premium" },
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect((await set.json()).code).toBe(0);
  await page.goto("/character/chat/1");
  const composer = page.getByRole("textbox", { name: /^Message / });
  await expect(page.getByRole("button", { name: /^Model: Premium/ })).toBeEnabled();
  await composer.fill("Tell me about the premium cargo");
  await composer.press("Enter");

  await expect(coinsDialog(page)).toBeVisible();
  await expect(coinsDialog(page).getByTestId("coin-balance")).toHaveText("0");
  // The dialog says why it opened: the chat's notice is behind it.
  await expect(coinsDialog(page).getByTestId("billing-reason")).toContainText(
    "Not enough coins for this model.This reply costs 2 coins and you have 0.",
  );
  await page.keyboard.press("Escape");
  await expect(coinsDialog(page)).toBeHidden();
  await expect(composer).toHaveValue("Tell me about the premium cargo");
  await expect(page.getByTestId("chat-notice")).toContainText("Not enough coins for this model.");

  // The balance under the character's name opens it too; coins bought there show in the chat at once, and the
  // kept message goes through on Premium.
  await page.getByTestId("wallet-coins").click();
  const dialog = coinsDialog(page);
  await expect(dialog.getByTestId("coin-pack").first()).toBeVisible();
  await expect(dialog.getByTestId("billing-reason")).toHaveCount(0);
  await pick(dialog, /^100 coins/);
  const tab = await openPaymentTab(page, dialog.getByRole("button", { name: "Purchase Now" }));
  const closed = tab.waitForEvent("close");
  await tab.getByRole("button", { name: "Pay $1.99 (test)" }).click();
  await closed;
  await expect(dialog.getByTestId("payment-banner")).toContainText("Purchase Successful");
  await dialog.getByRole("button", { name: "Close" }).click();
  // Focus goes back to the balance that opened the dialog once the dialog is gone (Radix, a task after unmount):
  // an Enter pressed in the composer before that landed on the balance and opened Get Coins again.
  await expect(page.getByTestId("wallet-coins")).toBeFocused();
  await expect(page.getByTestId("wallet-coins")).toContainText("100 coins");
  await composer.press("Enter");
  await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(1);
  await expect(page.getByTestId("wallet-coins")).toContainText("98 coins", { timeout: 20_000 });
});
