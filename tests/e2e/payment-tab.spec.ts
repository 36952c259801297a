import { expect, test } from "@playwright/test";

declare global {
  interface Window {
    __paymentMessages?: Array<{ data: unknown; origin: string }>;
  }
}

const RESULTS = [
  { path: "/payment/callback", code: "payment-success" },
  { path: "/payment/cancel", code: "payment-cancel" },
] as const;

for (const { path, code } of RESULTS) {
  test(`${path} opened by the app tells its opener "${code}" and closes itself`, async ({ page, baseURL }) => {
    await page.goto("/");
    await page.evaluate(() => {
      window.__paymentMessages = [];
      window.addEventListener("message", (event) => {
        window.__paymentMessages!.push({ data: event.data, origin: event.origin });
      });
    });

    const popupOpened = page.waitForEvent("popup");
    await page.evaluate((url) => {
      window.open(url, "_blank");
    }, path);
    const popup = await popupOpened;

    await expect
      .poll(() => page.evaluate(() => window.__paymentMessages))
      .toEqual([{ data: { code }, origin: new URL(baseURL!).origin }]);
    await expect.poll(() => popup.isClosed()).toBe(true);
  });
}

test("/payment/callback opened by the app under another host stays open with the result", async ({ page, baseURL }) => {
  // The provider returns the tab to PUBLIC_BASE_URL; here the app runs on 127.0.0.1 and the tab comes back on
  // localhost, another origin, whose message the app would never hear: the tab must not close on nothing.
  const elsewhere = new URL("/payment/callback?order=ord_elsewhere", baseURL);
  elsewhere.hostname = "localhost";
  await page.goto("/");
  const popupOpened = page.waitForEvent("popup");
  await page.evaluate((url) => void window.open(url, "_blank"), elsewhere.href);
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(popup.getByText("You can close this tab and return to Kewl.")).toBeVisible();
  await expect(popup.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
  expect(popup.isClosed()).toBe(false);
});

for (const path of ["/payment/callback", "/payment/cancel"]) {
  test(`${path} opened directly, with no payment, says so and links home`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "No payment to show" })).toBeVisible();
    await expect(page.getByText("no payment led here")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Payment (Successful|Cancelled)/ })).toHaveCount(0);
    const home = page.getByRole("link", { name: "Go back home" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL("/");
  });
}

test("the return pages without an opener show the result of the payment they name", async ({ page }) => {
  // As when the browser refused the tab and the payment page opened in the app's own window.
  await page.goto("/payment/callback?order=ord_direct");
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(page.getByText("You can close this tab and return to Kewl.")).toBeVisible();
  await page.goto("/payment/cancel?order=ord_direct");
  await expect(page.getByRole("heading", { name: "Payment Cancelled" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
});

test("/payment/loading opened directly says no payment is in progress and links home", async ({ page }) => {
  await page.goto("/payment/loading");
  await expect(page.getByRole("heading", { name: "No payment in progress" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
});

test("/payment/loading opened by the app waits for its payment page", async ({ page }) => {
  await page.goto("/");
  const popupOpened = page.waitForEvent("popup");
  await page.evaluate(() => void window.open("/payment/loading", "_blank"));
  const popup = await popupOpened;
  await expect(popup.getByRole("status")).toHaveText("Preparing your secure payment page…");
  await expect(popup.getByRole("link", { name: "Go back home" })).toHaveCount(0);
});
