import fs from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { chatViaApi, robotById, signedInUser, type TestRobot } from "./chat-support";
import { VIEWPORTS } from "./support";

/**
 * Several chats per character (issue 17 item 1) and chat export (item 8), at 390 and 1280 px: New chat, switching
 * (with the URL, Back and reload), rename, delete with its confirmation, and both export downloads.
 */
const ROBOT_ID = 1;
let robot: TestRobot;

test.beforeAll(async ({ request }) => {
  robot = await robotById(request, ROBOT_ID);
});

const composer = (page: Page) => page.getByRole("textbox", { name: `Message ${robot.name}` });
const log = (page: Page) => page.getByRole("log", { name: `Conversation with ${robot.name}` });
const userTexts = (page: Page) =>
  log(page).locator('[data-testid="chat-message"][data-role="user"]').getByTestId("message-text");
const chatsButton = (page: Page) => page.getByRole("button", { name: `Chats with ${robot.name}` });
const panel = (page: Page) => page.getByRole("dialog", { name: `Chats with ${robot.name}` });
const rows = (page: Page) => panel(page).getByTestId("chat-list-item");
/** A row's button that opens the chat (its name starts with the chat's; the actions button's with "Actions for"). */
const openButton = (page: Page, name: string) => panel(page).getByRole("button", { name: new RegExp(`^${name}`) });
const chatParam = (page: Page) => new URL(page.url()).searchParams.get("chat");

async function openPanel(page: Page): Promise<void> {
  await chatsButton(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
}

async function rowActions(page: Page, name: string) {
  const button = panel(page).getByRole("button", { name: `Actions for ${name}` });
  await button.click();
  return panel(page).getByRole("group", { name: `Actions for ${name}` });
}

async function downloaded(download: Download): Promise<string> {
  return fs.readFileSync((await download.path())!, "utf8");
}

for (const viewport of VIEWPORTS) {
  test(`several chats at ${viewport.width}px: new chat, switching with the URL, rename, export and delete`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const session = await signedInUser(page, request, `chats${viewport.width}`);
    await chatViaApi(request, session, ROBOT_ID, "First chat message");

    // Without ?chat= the page opens the latest chat.
    await page.goto(`/character/chat/${ROBOT_ID}`);
    await expect(userTexts(page)).toHaveText(["First chat message"]);
    await openPanel(page);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("First chat message");
    await expect(rows(page).first()).toContainText("2 messages");

    // New chat: a fresh conversation with the greeting, in the URL.
    await panel(page).getByRole("button", { name: "New chat" }).click();
    await expect(panel(page)).toBeHidden();
    await expect(chatsButton(page)).toBeFocused();
    await expect.poll(() => chatParam(page)).toMatch(/^[0-9a-f-]{36}$/);
    const secondId = chatParam(page)!;
    await expect(page.getByTestId("chat-greeting")).toBeVisible();
    await expect(userTexts(page)).toHaveCount(0);
    await composer(page).fill("Second chat hello");
    await composer(page).press("Enter");
    await expect(page.getByRole("button", { name: "Stop", exact: true })).toHaveCount(0, { timeout: 20_000 });
    await expect(userTexts(page)).toHaveText(["Second chat hello"]);

    // The list: the latest first, marked as open; switching shows the other chat.
    await openPanel(page);
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0)).toContainText("Second chat hello");
    await expect(openButton(page, "Second chat hello")).toHaveAttribute("aria-current", "true");
    await expect(openButton(page, "First chat message")).not.toHaveAttribute("aria-current");
    // Escape closes a row's actions, not the list.
    await rowActions(page, "First chat message");
    await page.keyboard.press("Escape");
    await expect(panel(page).getByRole("group")).toHaveCount(0);
    await expect(panel(page).getByRole("button", { name: "Actions for First chat message" })).toBeFocused();
    await expect(panel(page)).toBeVisible();
    await openButton(page, "First chat message").click();
    await expect(userTexts(page)).toHaveText(["First chat message"]);
    expect(chatParam(page)).not.toBe(secondId);
    const firstId = chatParam(page)!;

    // Back returns to the previous chat; a reload keeps the chosen one.
    await page.goBack();
    await expect.poll(() => chatParam(page)).toBe(secondId);
    await expect(userTexts(page)).toHaveText(["Second chat hello"]);
    await page.reload();
    await expect(userTexts(page)).toHaveText(["Second chat hello"]);

    // Rename: the title replaces the first words; focus comes back to the row.
    await openPanel(page);
    await (await rowActions(page, "Second chat hello")).getByRole("button", { name: "Rename" }).click();
    const title = panel(page).getByRole("textbox", { name: /Chat title/ });
    await expect(title).toBeFocused();
    await title.fill("Road trip");
    await title.press("Enter");
    const renamed = openButton(page, "Road trip");
    await expect(renamed).toBeVisible();
    await expect(renamed).toBeFocused();

    // Export: SillyTavern JSONL and Markdown downloads.
    const jsonlDownload = page.waitForEvent("download");
    await (await rowActions(page, "Road trip")).getByRole("button", { name: /SillyTavern/ }).click();
    const jsonl = await jsonlDownload;
    expect(jsonl.suggestedFilename()).toMatch(/Road trip.*\.jsonl$/);
    const lines = (await downloaded(jsonl))
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ user_name: session.profile.name, character_name: robot.name, chat_metadata: {} });
    expect(lines.slice(1).map((l) => l.is_user)).toEqual([false, true, false]);
    expect(lines[2]).toMatchObject({ name: session.profile.name, mes: "Second chat hello" });

    const mdDownload = page.waitForEvent("download");
    await (await rowActions(page, "Road trip")).getByRole("button", { name: "Export as Markdown" }).click();
    const md = await mdDownload;
    expect(md.suggestedFilename()).toMatch(/\.md$/);
    const markdown = await downloaded(md);
    expect(markdown.startsWith("# Road trip\n")).toBe(true);
    expect(markdown).toContain("Second chat hello");

    // Delete: Cancel gives focus back to the actions button; confirming removes the chat on screen and shows the
    // latest one left.
    await (await rowActions(page, "Road trip")).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this chat?" });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(panel(page).getByRole("button", { name: "Actions for Road trip" })).toBeFocused();

    await (await rowActions(page, "Road trip")).getByRole("button", { name: "Delete" }).click();
    const deletion = page.waitForResponse((r) => r.url().endsWith("/v1/chat_session/delete"));
    await confirm.getByRole("button", { name: "Delete chat" }).click();
    expect((await deletion).status()).toBe(200);
    await expect(confirm).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    await expect(panel(page).getByRole("button", { name: "New chat" })).toBeFocused();
    await expect.poll(() => chatParam(page)).toBeNull();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(userTexts(page)).toHaveText(["First chat message"]);
    expect(firstId).toBeTruthy();

    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  });
}

test("a chat id that is not the user's falls back to the latest chat with a notice", async ({ page, request }) => {
  const session = await signedInUser(page, request, "chatsforeign");
  await chatViaApi(request, session, ROBOT_ID, "My own chat");
  await page.goto(`/character/chat/${ROBOT_ID}?chat=6f1d3c2a-9b7e-4c1a-8d2f-0a1b2c3d4e5f`);
  await expect(userTexts(page)).toHaveText(["My own chat"]);
  await expect.poll(() => chatParam(page)).toBeNull();
});
