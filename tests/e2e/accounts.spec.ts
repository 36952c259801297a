import { expect, test } from "@playwright/test";
import { latestMail, openSignIn, PASSWORD, register, signIn, uniqueEmail } from "./account-support";
import { DEMO_CHARACTERS, MOBILE, toast } from "./support";

test("register with captcha and e-mail code, edit the profile, favourite, log out, log back in", async ({
  page,
  request,
}) => {
  // The whole account's life in one test: 43-52 s on a loaded 2-core machine, against the default 60 s.
  test.setTimeout(120_000);
  const email = uniqueEmail("reg");
  const id = `e2e_${Date.now().toString(36)}`;
  await page.goto("/");
  await register(page, request, email);

  // Registration opens Edit Profile (SPEC §4).
  const profile = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(profile).toBeVisible();
  await profile.getByLabel("Nickname", { exact: true }).fill("");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(profile.getByText("Please enter your nickname")).toBeVisible();
  await profile.getByLabel("Nickname", { exact: true }).fill("Ada E2E");
  await expect(profile.getByText("Please enter your nickname")).toHaveCount(0);
  await profile.getByLabel("ID", { exact: true }).fill("ab");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(profile.getByText("ID must be at least 3 characters")).toBeVisible();
  await profile.getByLabel("ID", { exact: true }).fill("kewl-studio");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(profile.getByText("This ID is already taken. Please choose a different one.")).toBeVisible();
  await profile.getByLabel("ID", { exact: true }).fill(id);
  await profile.getByText("Female", { exact: true }).click();
  await expect(profile.getByRole("radio", { name: "Female" })).toBeChecked();
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated successfully")).toBeVisible();
  await expect(profile).toBeHidden();
  await expect(page).toHaveURL(/\/$/); // from registration: no navigation to the profile

  // Signed in: favourite and unfavourite a character; the count follows.
  const robot = DEMO_CHARACTERS.filter((c) => !c.nsfw).sort((a, b) => b.chatCount - a.chatCount)[0]!;
  await page.getByRole("link", { name: robot.name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: robot.name })).toBeVisible();
  const add = page.getByRole("button", { name: "Add to favourites" });
  const before = await page.getByTestId("favorite-count").textContent();
  await add.click();
  const remove = page.getByRole("button", { name: "Remove from favourites" });
  await expect(remove).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("button", { name: "Remove from favourites" })).toBeVisible();
  await page.getByRole("button", { name: "Remove from favourites" }).click();
  await expect(page.getByRole("button", { name: "Add to favourites" })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("favorite-count")).toHaveText(before!);

  // Log out from the account menu: toast, back to /, signed out.
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(toast(page, "Logged out successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("auth"))).toBeNull();

  // Wrong password, then the right one.
  await signIn(page, email, "wrong password");
  await expect(page.getByText("Incorrect password. Please check and try again.")).toBeVisible();
  await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill(PASSWORD);
  await expect(page.getByText("Incorrect password. Please check and try again.")).toHaveCount(0);
  await page.getByRole("dialog").getByRole("button", { name: "Sign in" }).click();
  await expect(toast(page, "Login successful!")).toBeVisible();
  await expect(toast(page, "Welcome back, Ada E2E!")).toBeVisible();
  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menuitem", { name: "My profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Ada E2E" })).toBeVisible();
});

test("a wrong captcha is shown under the captcha and the image reloads", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto("/");
  await openSignIn(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(uniqueEmail("captcha"));
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Create account" })).toBeVisible();
  const image = dialog.getByRole("button", { name: "Reload captcha" }).locator("img");
  await expect(image).toHaveAttribute("src", /^data:image\/svg\+xml/);
  const first = await image.getAttribute("src");
  await dialog.getByLabel("Captcha", { exact: true }).fill("nope");
  await dialog.getByLabel("Verification code", { exact: true }).fill("123456");
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Create account" }).click();
  await expect(dialog.getByText("Incorrect captcha. Please try again.")).toBeVisible();
  await expect(image).not.toHaveAttribute("src", first!);
  await dialog.getByRole("button", { name: "Back to email" }).click();
  await expect(page.getByRole("dialog", { name: "Welcome" })).toBeVisible();
});

test("forgot password: the e-mailed link resets it once, and old sessions end", async ({ page, request, browser }) => {
  // Two browsers and several mails: 47-50 s on a loaded 2-core machine, against the default 60 s.
  test.setTimeout(120_000);
  const email = uniqueEmail("reset");
  await page.goto("/");
  await register(page, request, email);
  await page.getByRole("dialog", { name: "Edit Profile" }).getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Profile updated successfully")).toBeVisible();

  // Another browser asks for a reset link.
  const other = await browser.newPage();
  await other.goto("/");
  await openSignIn(other);
  await other.getByRole("dialog").getByLabel("Email", { exact: true }).fill(email);
  await other.getByRole("dialog").getByRole("button", { name: "Continue", exact: true }).click();
  await other.getByRole("button", { name: "Forgot password?" }).click();
  await expect(other.getByRole("dialog", { name: "Reset password" })).toBeVisible();
  await other.getByRole("button", { name: "Send reset link" }).click();
  await expect(other.getByRole("dialog", { name: "Welcome" })).toBeVisible();

  const link = new URL(await latestMail(request, email, "link"));
  await other.goto(link.pathname + link.search);
  await expect(other.getByRole("main").getByRole("link", { name: "Kewl", exact: true })).toHaveAttribute("href", "/");
  const newPassword = other.getByLabel("New password", { exact: true });
  await newPassword.fill("brand new pass");
  // The show/hide toggle is labelled and works from the keyboard.
  await newPassword.press("Tab");
  const toggle = other.getByRole("button", { name: "Show password" }).first();
  await expect(toggle).toBeFocused();
  await other.keyboard.press("Enter");
  await expect(newPassword).toHaveAttribute("type", "text");
  await expect(other.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
  await other.keyboard.press("Space");
  await expect(newPassword).toHaveAttribute("type", "password");
  await other.getByLabel("Confirm password", { exact: true }).fill("brand new pass");
  await other.getByRole("button", { name: "Reset password" }).click();
  await expect(other.getByText("Your password has been reset. You can now sign in.")).toBeVisible();

  // Sign in opens the modal at the password step for this address.
  await other.getByRole("button", { name: "Sign in" }).click();
  const welcomeBack = other.getByRole("dialog", { name: "Welcome back" });
  await expect(welcomeBack).toBeVisible();
  await expect(welcomeBack).toContainText(email);
  await expect(other).toHaveURL(/\/$/);

  // The link is single use, and the page says so on load, before anything is typed.
  await other.goto(link.pathname + link.search);
  await expect(other.getByText("This reset link is invalid or has expired.")).toBeVisible();
  await expect(other.getByLabel("New password", { exact: true })).toHaveCount(0);
  await other.close();

  // The first browser's session was ended on reset: its next call logs it out with the destructive toast.
  await page.goto("/character/1");
  await expect(toast(page, "Authentication expired, please login again!")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();

  await signIn(page, email, "brand new pass");
  await expect(toast(page, "Login successful!")).toBeVisible();
});
