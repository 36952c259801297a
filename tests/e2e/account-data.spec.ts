import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { openSignIn, register, uniqueEmail } from "./account-support";
import { DESKTOP, focusIndicator, hasVisibleFocus, MOBILE, toast } from "./support";

const confirmation = (page: Page) => page.getByRole("dialog", { name: "Delete your account?" });

/** The confirmation in the light and the dark theme, for a person to look at (not compared). */
async function screenshots(page: Page, width: number): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
    // The drawer or dialog has finished sliding in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
    await page.screenshot({ path: `/tmp/delete-account-${theme}-${width}.png` });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("sign up, download the archive, delete the account, and the address has no account any more", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("delete");
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await register(page, request, email);

  // Registration opens Edit Profile, which ends with the account's data.
  const profile = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(profile).toBeVisible();
  const id = await profile.getByLabel("ID", { exact: true }).inputValue();

  const downloading = page.waitForEvent("download");
  await profile.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^kewl-${id}-\\d{4}-\\d\\d-\\d\\d\\.zip$`));
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const archived = JSON.parse(strFromU8(files["profile.json"]!));
  expect(archived.profile).toMatchObject({ key: id, email });
  await expect(toast(page, "Your data is downloading")).toBeVisible();

  // The confirmation, by keyboard: focus starts in the field and Escape gives it back to Delete account.
  const opener = profile.getByRole("button", { name: "Delete account" });
  await profile.getByRole("button", { name: "Download my data" }).focus();
  await page.keyboard.press("Tab");
  await expect(opener).toBeFocused();
  expect(hasVisibleFocus(await focusIndicator(opener))).toBe(true);
  await page.keyboard.press("Enter");
  const field = confirmation(page).getByLabel(`To confirm, type your ID: ${id}`);
  await expect(field).toBeFocused();
  await screenshots(page, DESKTOP.width);
  await page.keyboard.press("Escape");
  await expect(confirmation(page)).toBeHidden();
  await expect(opener).toBeFocused();

  // On a phone: the drawer; a wrong ID is refused under the field, the right one deletes.
  await page.setViewportSize(MOBILE);
  await profile.getByRole("button", { name: "Delete account" }).click();
  await expect(field).toBeFocused();
  await screenshots(page, MOBILE.width);
  await field.fill("not-my-id");
  await confirmation(page).getByRole("button", { name: "Delete my account" }).click();
  await expect(confirmation(page).getByText("Type your ID exactly as shown to confirm")).toBeVisible();
  await field.fill(id.toUpperCase());
  await page.keyboard.press("Enter");
  await expect(toast(page, "Your account was deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(confirmation(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull();

  // Signing in again: the address no longer has an account, so the dialog offers to create one.
  await page.setViewportSize(DESKTOP);
  await openSignIn(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Create account" })).toBeVisible();
});
