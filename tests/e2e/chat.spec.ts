import { expect, test, type Page } from "@playwright/test";
import { chatViaApi, robotById, signedInUser, type TestRobot } from "./chat-support";
import { DESKTOP, MOBILE, toast } from "./support";

/**
 * The chat page against the stub model (playwright.config.ts): replies are `Reply from demo-standard: you said
 * "…"`, and directives in a message pick other behaviours. Each signed-in test has its own fresh user.
 */
const ROBOT_ID = 1;
let robot: TestRobot;

test.beforeAll(async ({ request }) => {
  robot = await robotById(request, ROBOT_ID);
});

const composer = (page: Page) => page.getByRole("textbox", { name: `Message ${robot.name}` });
const log = (page: Page) => page.getByRole("log", { name: `Conversation with ${robot.name}` });
const messages = (page: Page, role: "user" | "assistant") =>
  log(page).locator(`[data-testid="chat-message"][data-role="${role}"]`);
/** The text of each message of a role (without the screen-reader "You:" prefix). */
const texts = (page: Page, role: "user" | "assistant") => messages(page, role).getByTestId("message-text");
const modelButton = (page: Page) => page.getByRole("button", { name: /^Model: / });

/** The island is hydrated and has its data: the model picker has loaded (and, signed in, the wallet). */
async function openChat(page: Page, signedIn: boolean): Promise<void> {
  await page.goto(`/character/chat/${ROBOT_ID}`);
  await expect(modelButton(page)).toBeEnabled();
  if (signedIn) await expect(page.getByTestId("wallet-status")).toBeVisible();
}

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press("Enter");
}

/** Waits until no reply is being written (the Send button is back). */
async function replyFinished(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toHaveCount(0, { timeout: 20_000 });
}

test("signed out: the character and greeting show, and sending opens the login modal with the draft kept", async ({
  page,
}) => {
  await openChat(page, false);
  await expect(page.getByRole("heading", { level: 1, name: robot.name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).getByRole("link")).toHaveAttribute(
    "href",
    `/character/${ROBOT_ID}`,
  );
  await expect(page.getByTestId("chat-greeting")).toContainText(robot.greeting.split("{{")[0]!.slice(0, 30));
  await expect(page.getByTestId("wallet-status")).toHaveCount(0);

  const send = page.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeDisabled();
  await composer(page).fill("Hello captain");
  await expect(send).toBeEnabled();
  await send.click();
  const dialog = page.getByRole("dialog", { name: "Welcome" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(composer(page)).toHaveValue("Hello captain");
  await expect(messages(page, "user")).toHaveCount(0);

  // Choosing a model also asks to sign in.
  await modelButton(page).click();
  await page.getByRole("option", { name: /Premium/ }).click();
  await expect(dialog).toBeVisible();
});

test("a finished reply updates the free replies left and announces itself; markdown is rendered safely", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "markdown");
  await openChat(page, true);

  await send(page, "Format something [[markdown]]");
  await replyFinished(page);
  const reply = messages(page, "assistant");
  await expect(reply).toHaveAttribute("data-status", "complete");
  await expect(page.getByTestId("wallet-status")).toContainText("4 free replies left today");
  await expect(page.getByTestId("chat-announcer")).toContainText(`${robot.name} replied: Here is some **bold** text`);

  await expect(reply.locator("strong")).toHaveText("bold");
  await expect(reply.locator("em")).toHaveText("italic");
  await expect(reply.locator("p code")).toHaveText("inline code");
  await expect(reply.locator("ul > li")).toHaveText(["first point", "second point"]);
  await expect(reply.locator("pre code")).toHaveText("const answer = 42;\nconsole.log(answer);");

  const docs = reply.getByRole("link", { name: "docs" });
  await expect(docs).toHaveAttribute("href", "https://example.com/docs");
  await expect(docs).toHaveAttribute("target", "_blank");
  await expect(docs).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  await expect(reply.getByRole("link")).toHaveCount(1);
  await expect(reply.getByText("never click bad.")).toBeVisible();
  await expect(page.locator('a[href^="javascript" i]')).toHaveCount(0);
  // The raw tag is text, not an element.
  await expect(reply.getByText("<script>alert(1)</script>", { exact: true })).toBeVisible();
  expect(await log(page).locator("script").count()).toBe(0);
});

test("the model picker: costs and reasons, keyboard use, a saved switch, and the no-coins notice", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "model");
  await openChat(page, true);
  await expect(modelButton(page)).toHaveAccessibleName("Model: Standard, Free");

  await modelButton(page).focus();
  await page.keyboard.press("ArrowDown");
  const list = page.getByRole("listbox", { name: "Choose a model" });
  await expect(list).toBeFocused();
  const standard = list.getByRole("option", { name: /Standard/ });
  const premium = list.getByRole("option", { name: /Premium/ });
  await expect(standard).toHaveAttribute("aria-selected", "true");
  await expect(standard).toContainText("Free");
  await expect(premium).toContainText("2 coins");
  // A new user has no coins: Premium is shown, disabled, with the server's reason, and cannot be picked.
  await expect(premium).toHaveAttribute("aria-disabled", "true");
  await expect(premium).toContainText("Needs 2 coins per reply · Get coins");
  await page.keyboard.press("ArrowDown");
  await expect(list).toHaveAttribute("aria-activedescendant", (await premium.getAttribute("id"))!);
  // Picking it is not a switch: it opens Get Coins, and closing that returns to the picker's button.
  const coins = page.getByRole("dialog", { name: "Get Coins" });
  await page.keyboard.press("Enter");
  await expect(list).toBeHidden();
  await expect(coins).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(coins).toBeHidden();
  await expect(modelButton(page)).toBeFocused();
  await expect(modelButton(page)).toHaveAccessibleName("Model: Standard, Free");

  // Offered Premium anyway (as if the balance had covered it when the list loaded), the pick is saved with
  // set_model and survives a reload; sending is then refused for coins, and the draft comes back.
  await page.route("**/v1/chat_session/model?**", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const model of body.data.list) Object.assign(model, { available: true, reason: null });
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(modelButton(page)).toBeEnabled();
  const saved = page.waitForResponse("**/v1/chat_session/set_model");
  await modelButton(page).click();
  await page.getByRole("option", { name: /Premium/ }).click();
  expect((await saved).ok()).toBe(true);
  await expect(modelButton(page)).toHaveAccessibleName("Model: Premium, 2 coins");
  await page.reload();
  await expect(modelButton(page)).toHaveAccessibleName("Model: Premium, 2 coins");

  await send(page, "Premium please");
  await expect(coins).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(coins).toBeHidden();
  const notice = page.getByTestId("chat-notice");
  await expect(notice).toContainText("Not enough coins for this model.");
  await expect(composer(page)).toHaveValue("Premium please");
  await expect(messages(page, "user")).toHaveCount(0);

  // Back to the free model with the mouse; the same text now goes through and the notice goes.
  await modelButton(page).click();
  await page.getByRole("option", { name: /Standard/ }).click();
  await expect(modelButton(page)).toHaveAccessibleName("Model: Standard, Free");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await replyFinished(page);
  await expect(notice).toHaveCount(0);
  await expect(texts(page, "assistant")).toHaveText(['Reply from demo-standard: you said "Premium please".']);
});

test("a failed reply shows the error under it with a Retry that sends the same text again", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "fail");
  await openChat(page, true);

  await send(page, "Break please [[fail]]");
  const error = page.getByTestId("turn-error");
  await expect(error).toContainText("couldn't reply");
  await expect(messages(page, "assistant").last()).toHaveAttribute("data-status", "failed");
  // Nothing was written, so the reply was not paid for.
  await expect(page.getByTestId("wallet-status")).toContainText("5 free replies left today");

  await error.getByRole("button", { name: "Retry" }).click();
  await expect(texts(page, "user")).toHaveText(["Break please [[fail]]", "Break please [[fail]]"]);
  await expect(page.getByTestId("turn-error")).toHaveCount(1);
});

test("a message the network dropped stays as Not sent, and Retry delivers it", async ({ page, request }) => {
  await signedInUser(page, request, "offline");
  await openChat(page, true);
  await page.route("**/v1/chat_session/chat", (route) => route.abort("internetdisconnected"), { times: 1 });

  await send(page, "Are you there?");
  const unsent = messages(page, "user").last();
  await expect(unsent).toHaveAttribute("data-status", "unsent");
  await expect(unsent.getByText("Not sent", { exact: true })).toBeVisible();
  await expect(unsent.getByTestId("turn-error")).toContainText("Network error. Check your connection and try again.");

  await unsent.getByRole("button", { name: "Retry" }).click();
  await replyFinished(page);
  await expect(texts(page, "user")).toHaveText(["Are you there?"]);
  await expect(texts(page, "assistant")).toHaveText(['Reply from demo-standard: you said "Are you there?".']);
  await expect(page.getByTestId("turn-error")).toHaveCount(0);
});

test("after the daily free replies the notice explains the limit, and the draft comes back", async ({
  page,
  request,
}) => {
  const session = await signedInUser(page, request, "allowance");
  for (let i = 1; i <= 5; i++)
    expect(await chatViaApi(request, session, ROBOT_ID, `Message ${i}`)).toContain('"type":"end"');

  await openChat(page, true);
  await expect(page.getByTestId("wallet-status")).toContainText("No free replies left today");
  await expect(messages(page, "assistant")).toHaveCount(5);

  await send(page, "One more?");
  // The plans open over the chat; closing them gives the chat back with the notice and the draft.
  const plans = page.getByRole("dialog", { name: "Choose your subscription" });
  await expect(plans).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(plans).toBeHidden();
  await expect(composer(page)).toBeFocused();
  const notice = page.getByTestId("chat-notice");
  await expect(notice).toContainText("You've used today's free replies.");
  await expect(notice).toContainText("A subscription lifts the daily limit");
  await expect(composer(page)).toHaveValue("One more?");
  await expect(messages(page, "user")).toHaveCount(5);
  await notice.getByRole("button", { name: "Dismiss" }).click();
  await expect(notice).toHaveCount(0);
});

test("a session ended elsewhere: sending signs out with the notice, shows no reply, and the draft comes back", async ({
  page,
  request,
}) => {
  const session = await signedInUser(page, request, "ended");
  // The page's own signed-in reads (the plan comes last) finish first: else one of them could meet the ended
  // session before the send does, sign out, and the send would open the sign-in dialog instead.
  const planRead = page.waitForResponse((res) => new URL(res.url()).pathname === "/v1/subscribe/me");
  await openChat(page, true);
  await planRead;
  // Signing out on another device ends the session on the server.
  const logout = await request.post("/v1/user/logout", {
    data: {},
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect((await logout.json()).code).toBe(0);

  await send(page, "Still there, captain?");
  await expect(toast(page, "Authentication expired, please login again!")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(messages(page, "assistant")).toHaveCount(0);
  await expect(composer(page)).toHaveValue("Still there, captain?");
});

test("older messages load when scrolling up, without moving what is on screen", async ({ page, request }) => {
  const session = await signedInUser(page, request, "history");
  // Failed replies are refunded, so they build a long history without using up the allowance: 17 turns, 34 messages.
  for (let i = 1; i <= 17; i++)
    await chatViaApi(request, session, ROBOT_ID, `Old message ${String(i).padStart(2, "0")} [[fail]]`);

  await openChat(page, true);
  await expect(messages(page, "user")).toHaveCount(15); // the first page: 30 messages
  await expect(messages(page, "user").last()).toContainText("Old message 17");
  const scroller = log(page);
  // The newest message is in view at first.
  await expect(messages(page, "user").last()).toBeInViewport();

  const anchor = messages(page, "user").first();
  await expect(anchor).toContainText("Old message 03");
  // Scrolled to the top, message 03 sits just under the greeting; read where before the older page comes in.
  const topBefore = await scroller.evaluate((el) => {
    el.scrollTop = 0;
    const first = el.querySelector('[data-role="user"]')!;
    return first.getBoundingClientRect().top;
  });
  await expect(messages(page, "user")).toHaveCount(17);
  await expect(messages(page, "user").first()).toContainText("Old message 01");
  const message03 = log(page).locator('[data-role="user"]', { hasText: "Old message 03" });
  const topAfter = await message03.evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(topAfter - topBefore), "message 03 stays put while older messages are put above it").toBeLessThan(2);
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(page.getByTestId("chat-greeting")).toBeInViewport();
});

test("home lists recent chats under Continue chatting for signed-in users only", async ({ page, request, browser }) => {
  const session = await signedInUser(page, request, "recent");
  const other = await robotById(request, 2);
  await chatViaApi(request, session, ROBOT_ID, "First chat");
  await chatViaApi(request, session, other.id, "Second chat");

  await page.goto("/");
  const row = page.getByRole("region", { name: "Continue chatting" });
  await expect(row).toBeVisible();
  const links = row.getByRole("link");
  await expect(links).toHaveCount(2);
  await expect(links.first()).toContainText(other.name);
  await expect(links.first()).toContainText('Reply from demo-standard: you said "Second chat".');
  await expect(links.first()).toHaveAttribute("href", `/character/chat/${other.id}`);
  await links.nth(1).click();
  await expect(page).toHaveURL(`/character/chat/${ROBOT_ID}`);
  await expect(texts(page, "user")).toHaveText(["First chat"]);

  const visitor = await browser.newPage();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: "Popular characters" })).toBeVisible();
  await expect(visitor.getByRole("region", { name: "Continue chatting" })).toHaveCount(0);
  await visitor.close();
});

test("the composer: Shift+Enter breaks the line, the counter shows near the limit, and too long cannot be sent", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "composer");
  await openChat(page, true);
  const box = composer(page);
  await box.click();
  await page.keyboard.type("Line one");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("Line two");
  await expect(box).toHaveValue("Line one\nLine two");
  await expect(messages(page, "user")).toHaveCount(0);

  await box.fill("x".repeat(3600));
  await expect(page.getByTestId("composer-counter")).toHaveText("3600 / 4000");
  await box.fill("x".repeat(4001));
  await expect(page.getByTestId("composer-counter")).toContainText("1 over the limit");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeDisabled();
  await box.press("Enter");
  await expect(messages(page, "user")).toHaveCount(0);
});

for (const viewport of [MOBILE, DESKTOP]) {
  test(`a conversation at ${viewport.width}x${viewport.height} has no horizontal scroll and the composer at the bottom`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const session = await signedInUser(page, request, `layout${viewport.width}`);
    await chatViaApi(request, session, ROBOT_ID, "Hi Captain! What's the plan for today?");
    await chatViaApi(request, session, ROBOT_ID, "*leans on the console* Show me the cargo manifest [[markdown]]");
    await openChat(page, true);
    await expect(messages(page, "assistant")).toHaveCount(2);
    await composer(page).fill("Sounds good, let's go.");
    await expect.poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // The composer is pinned to the bottom edge.
    const form = await page
      .locator("form")
      .filter({ has: composer(page) })
      .boundingBox();
    expect(form!.y + form!.height).toBeGreaterThan(viewport.height - 60);
  });
}
