import { expect, test } from "@playwright/test";
import { clickUntil, toast } from "./support";

test("third-party sign-in: popup, provider login and consent, new account goes on to Edit Profile", async ({
  page,
  context,
}) => {
  // Records window.open's arguments, to check the popup's size.
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    (window as unknown as { __openCalls: unknown[][] }).__openCalls = calls;
    const original = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      calls.push(args);
      return original(...args);
    };
  });
  const login = `e2e-oauth-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

  await page.goto("/");
  await clickUntil(
    page.getByRole("banner").getByRole("button", { name: "Sign in" }),
    page.getByRole("dialog", { name: "Welcome" }),
  );
  const dialog = page.getByRole("dialog");
  const providerButton = dialog.getByRole("button", { name: "Continue with Google" });
  await expect(providerButton).toBeVisible();

  const popupPromise = context.waitForEvent("page");
  await providerButton.click();
  const popup = await popupPromise;

  const [args] = await page.evaluate(() => (window as unknown as { __openCalls: unknown[][] }).__openCalls);
  expect(args?.[0]).toBe("/v1/oauth/start");
  expect(String(args?.[2])).toContain("width=600");
  expect(String(args?.[2])).toContain("height=800");
  expect(await page.evaluate(() => localStorage.getItem("third_login_reg_type"))).toBe("102");

  // The test provider's development login form, then its consent form.
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill("any");
  await popup.locator('button[type="submit"]').click();
  // Listen before the click: the popup can close before a listener added afterwards is in place.
  const popupClosed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: "Continue" }).click();
  await popupClosed;

  await expect(toast(page, "Login successful!")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Edit Profile" })).toBeVisible();
  // The account menu replaced "Sign in" (the open Edit Profile dialog hides the header from the a11y tree).
  await expect(
    page.getByRole("button", { name: "Account: OIDC Tester", exact: true, includeHidden: true }),
  ).toBeVisible();
});

test("third-party sign-in: closing the popup fails the attempt", async ({ page, context }) => {
  await page.goto("/");
  await clickUntil(
    page.getByRole("banner").getByRole("button", { name: "Sign in" }),
    page.getByRole("dialog", { name: "Welcome" }),
  );
  const dialog = page.getByRole("dialog");
  const popupPromise = context.waitForEvent("page");
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  await popup.close();
  await expect(dialog.getByText("Sign-in failed. Please try again.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("third_login_reg_type"))).toBeNull();
});
