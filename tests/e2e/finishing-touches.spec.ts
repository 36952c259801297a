import { expect, test, type Page } from "@playwright/test";
import { createUser, signInBrowser } from "./chat-support";
import { clickUntil, DEMO_CHARACTERS, DEMO_TAGS, DESKTOP, MOBILE, VIEWPORTS } from "./support";

/** The page is no wider than the window (nothing scrolls sideways). */
async function widerThanWindow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("/favicon.ico is an ICO of PNG images", async ({ request }) => {
  const res = await request.get("/favicon.ico");
  expect(res.status()).toBe(200);
  const body = await res.body();
  // ICONDIR: reserved 0, type 1 (icon), then at least one image; the first image's bytes are a PNG.
  expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(body.readUInt16LE(4)).toBeGreaterThanOrEqual(1);
  const firstImage = body.readUInt32LE(6 + 12);
  expect([...body.subarray(firstImage + 1, firstImage + 4)]).toEqual([...Buffer.from("PNG")]);
});

test("tag keys are case-insensitive: /tag/Fantasy is a permanent redirect to the lower-case key", async ({
  page,
  request,
}) => {
  const tag = DEMO_TAGS[0]!;
  const mixed = tag.key[0]!.toUpperCase() + tag.key.slice(1);
  const res = await request.get(`/tag/${mixed}?sort=new&page=1`, { maxRedirects: 0 });
  expect(res.status()).toBe(308);
  expect(res.headers().location).toBe(`/tag/${tag.key}?sort=new&page=1`);

  await page.goto(`/tag/${tag.key.toUpperCase()}`);
  await expect(page).toHaveURL(new RegExp(`/tag/${tag.key}$`));
  await expect(page.getByRole("heading", { level: 1, name: tag.name })).toBeVisible();
});

for (const path of ["/character/987654321", "/tag/no-such-tag", "/profile/no_such_user_404"]) {
  test(`the 404 of ${path} has the 'Page Not Found' title`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(/^Page Not Found\b/);
  });
}

for (const viewport of VIEWPORTS) {
  test(`/search has one search box at ${viewport.width}px, and a long query wraps`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/search");
    await expect(page.getByRole("searchbox").filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("searchbox", { name: "Search characters" })).toBeVisible();

    const long = "x".repeat(100);
    await page.goto(`/search?q=${long}`);
    const heading = page.getByRole("heading", { name: `No characters match “${long}”` });
    await expect(heading).toBeVisible();
    expect(await heading.evaluate((el) => getComputedStyle(el).overflowWrap)).toBe("anywhere");
    await expect(page.getByRole("searchbox").filter({ visible: true })).toHaveCount(1);
    expect(await widerThanWindow(page)).toBe(0);
  });
}

test("the search results title wraps a long query at 390px", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  const robot = DEMO_CHARACTERS.find((c) => !c.nsfw)!;
  await page.goto(`/search?q=${encodeURIComponent(robot.name)}`);
  const title = page.getByRole("heading", { name: /results? for “/ });
  await expect(title).toBeVisible();
  expect(await title.evaluate((el) => getComputedStyle(el).overflowWrap)).toBe("anywhere");
  expect(await widerThanWindow(page)).toBe(0);
});

test("a long unbroken name, intro and nickname wrap on a phone: the character and profile pages never scroll sideways, dialogs and toasts never cut it", async ({
  page,
  request,
}) => {
  const creator = await createUser(request, "long-words");
  const headers = { authorization: `Bearer ${creator.token}` };
  const nickname = "W".repeat(20);
  const renamed = await request.post("/v1/user/update", {
    headers,
    data: { name: nickname, sex: -1, key: creator.profile.key },
  });
  expect((await renamed.json()).code).toBe(0);
  const word = "Donaudampfschifffahrtsgesellschaftskapitänswitwe";
  const name = (word + word).slice(0, 60);
  const created = await request.post("/v1/user/robot/create", {
    headers,
    data: { name, intro: `https://example.com/${"a".repeat(150)}`, greeting: word.repeat(4), tags: ["fantasy"] },
  });
  const body = await created.json();
  expect(body.code, JSON.stringify(body)).toBe(0);

  for (const width of [320, MOBILE.width]) {
    await page.setViewportSize({ width, height: MOBILE.height });
    await page.goto(`/character/${body.data.id}`);
    const title = page.getByRole("heading", { level: 1, name });
    await expect(title).toBeVisible();
    expect(await widerThanWindow(page), `the character page at ${width}px`).toBe(0);
    expect((await title.boundingBox())!.width).toBeLessThanOrEqual(width);

    await page.goto(`/profile/${creator.profile.key}`);
    const heading = page.getByRole("heading", { level: 1, name: nickname });
    await expect(heading).toBeVisible();
    expect(await widerThanWindow(page), `the profile page at ${width}px`).toBe(0);
    expect((await heading.boundingBox())!.width).toBeLessThanOrEqual(width);
  }

  // A dialog's title with the name (the chats sheet at 320px) wraps rather than being cut at the sheet's edge.
  await signInBrowser(page, creator);
  await page.setViewportSize({ width: 320, height: MOBILE.height });
  await page.goto(`/character/chat/${body.data.id}`);
  await page.getByRole("button", { name: `Chats with ${name}` }).click();
  const sheetTitle = page.getByRole("dialog", { name: `Chats with ${name}` }).getByRole("heading");
  await expect(sheetTitle).toBeVisible();
  expect(await sheetTitle.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);
  await page.keyboard.press("Escape");

  // So does the name in the delete confirmation's text.
  await page.goto(`/character/${body.data.id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  const warning = page.getByRole("dialog").getByText("will disappear from your profile");
  await expect(warning).toBeVisible();
  expect(await warning.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);

  // And the toast that says it is gone.
  await page.getByRole("button", { name: "Delete character" }).click();
  const gone = page.getByRole("region", { name: /^Notifications/ }).getByText("and its chats are gone.");
  await expect(gone).toBeVisible();
  // The text grows its grid cell rather than overflowing itself: its right edge is what must stay on screen.
  const goneBox = (await gone.boundingBox())!;
  expect(goneBox.x + goneBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test("other pages keep the header's search box on wide screens", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("searchbox", { name: "Search characters" })).toBeVisible();
});

test("the e-mail code field takes digits only, cleans a pasted code, and Send Code says where it went and focuses it", async ({
  page,
}) => {
  const email = `e2e-code-${Date.now().toString(36)}@example.test`;
  await page.goto("/");
  await clickUntil(
    page.getByRole("banner").getByRole("button", { name: "Sign in" }),
    page.getByRole("dialog", { name: "Welcome" }),
  );
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Create account" })).toBeVisible();

  const code = dialog.getByLabel("Verification code", { exact: true });
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("pattern", "[0-9]*");

  await code.pressSequentially("1a2 b3");
  await expect(code).toHaveValue("123");

  await code.evaluate((input) => {
    const data = new DataTransfer();
    data.setData("text/plain", "Your code: 987 654-32");
    input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(code).toHaveValue("987654");
  await expect(dialog.getByText("6/6")).toBeVisible();

  await dialog.getByLabel("Captcha", { exact: true }).fill("E2E7");
  // Pressed from the keyboard: the focus moves on to the code, not to the dialog as the button is disabled.
  await dialog.getByRole("button", { name: "Send Code" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("status").filter({ hasText: "Code sent to" })).toHaveText(`Code sent to ${email}`);
  await expect(code).toBeFocused();
  await expect(dialog.getByRole("button", { name: /^\d+s$/ })).toBeDisabled();
});
