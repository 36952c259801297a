import { expect, type Locator, type Page, test } from "@playwright/test";
import { clickUntil, DESKTOP, MOBILE } from "./support";

/** Opens the login dialog from the header and returns it (the dialog named by its "Welcome" title). */
async function openSignIn(page: Page): Promise<Locator> {
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Welcome" });
  await clickUntil(page.getByRole("banner").getByRole("button", { name: "Sign in" }), dialog);
  return dialog;
}

const insideDrawer = (dialog: Locator) => dialog.evaluate((el) => el.closest("[data-vaul-drawer]") !== null);

async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const focusable = await dialog.evaluate(
    (el) =>
      el.querySelectorAll(
        "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])",
      ).length,
  );
  expect(focusable).toBeGreaterThan(1);
  const isFocusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  for (let i = 0; i < focusable + 2; i++) {
    await page.keyboard.press("Tab");
    expect(await isFocusInside(), `focus after Tab #${i + 1}`).toBe(true);
  }
  for (let i = 0; i < focusable + 2; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await isFocusInside(), `focus after Shift+Tab #${i + 1}`).toBe(true);
  }
}

async function expectEmailValidation(dialog: Locator): Promise<void> {
  const email = dialog.getByLabel("Email", { exact: true });
  await email.fill("not-an-email");
  await email.press("Enter");
  await expect(dialog.getByText("Invalid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
}

test.describe("at 1280x800", () => {
  test.use({ viewport: DESKTOP });

  test("Sign in opens a centred dialog titled Welcome that traps focus, validates and closes on Escape", async ({
    page,
  }) => {
    const dialog = await openSignIn(page);
    expect(await insideDrawer(dialog)).toBe(false);
    await expect(dialog.getByRole("heading", { name: "Welcome" })).toBeVisible();

    // Centred once its opening animation has finished.
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        if (!box) return Number.POSITIVE_INFINITY;
        return Math.max(
          Math.abs(box.x + box.width / 2 - DESKTOP.width / 2),
          Math.abs(box.y + box.height / 2 - DESKTOP.height / 2),
        );
      })
      .toBeLessThanOrEqual(2);

    await expectFocusTrapped(page, dialog);
    await expectEmailValidation(dialog);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

test.describe("at 390x844", () => {
  test.use({ viewport: MOBILE });

  test("Sign in opens a bottom drawer titled Welcome that traps focus, validates and closes on Escape", async ({
    page,
  }) => {
    const dialog = await openSignIn(page);
    expect(await insideDrawer(dialog)).toBe(true);
    await expect(dialog.getByRole("heading", { name: "Welcome" })).toBeVisible();

    // Docked to the bottom edge once its slide-in has finished.
    await expect
      .poll(async () => {
        const box = await dialog.boundingBox();
        return box ? Math.abs(box.y + box.height - MOBILE.height) : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(1);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeLessThanOrEqual(1);
    expect(box!.width).toBeGreaterThanOrEqual(MOBILE.width - 2);

    await expectFocusTrapped(page, dialog);
    await expectEmailValidation(dialog);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
