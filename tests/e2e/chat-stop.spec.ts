import { expect, test, type Locator, type Page } from "@playwright/test";
import { robotById, signedInUser, type TestRobot } from "./chat-support";

/**
 * Stop keeps exactly what the user saw: the stub model's [[long]] reply sends 300 words 15 ms apart (as fast as a
 * real model, so words are always on their way when Stop is pressed: before the fix the history showed 2 to 9 more
 * words than the screen had), Stop is pressed mid-reply, and the text on screen then is the text the history shows
 * after a reload. The free replies left change as soon as the reply is settled, without a reload.
 */
const ROBOT_ID = 1;
let robot: TestRobot;

test.beforeAll(async ({ request }) => {
  robot = await robotById(request, ROBOT_ID);
});

const composer = (page: Page) => page.getByRole("textbox", { name: `Message ${robot.name}` });
const log = (page: Page) => page.getByRole("log", { name: `Conversation with ${robot.name}` });
const replies = (page: Page) => log(page).locator('[data-testid="chat-message"][data-role="assistant"]');

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").trim();
}

test("Stop mid-reply: the reply keeps exactly the text on screen, after a reload too, and free replies update at once", async ({
  page,
  request,
}) => {
  await signedInUser(page, request, "stopexact");
  await page.goto(`/character/chat/${ROBOT_ID}`);
  await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
  const wallet = page.getByTestId("wallet-status");
  await expect(wallet).toContainText("5 free replies left today");

  await composer(page).fill("Tell me about your ship [[long]]");
  await composer(page).press("Enter");
  const reply = replies(page);
  const text = reply.getByTestId("message-text");
  await expect(reply).toContainText("Long reply from demo-standard");
  // About 40 words in, with more than 250 still to come.
  await expect.poll(async () => (await textOf(text)).split(" ").length, { timeout: 5_000 }).toBeGreaterThan(40);

  // Stop drops the reply's request, then tells the server how much of it was on screen.
  const streamDropped = page.waitForEvent("requestfailed", (r) => r.url().includes("/v1/chat_session/chat"));
  const stopAnswer = page.waitForResponse("**/v1/chat_session/stop");
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(reply).toHaveAttribute("data-status", "stopped");
  await expect(reply.getByText("Stopped", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  const shown = await textOf(text);
  expect(shown.split(" ").length).toBeLessThan(250);

  // The server's answer: the stored reply is what the page shows, and the wallet it reports is shown at once.
  const answer = (await (await stopAnswer).json()).data;
  // The page may have paced the last word in part, ending on a space that its rendered text does not show.
  expect(answer.message.status).toBe("partial");
  expect((answer.message.content as string).trimEnd()).toBe(shown);
  await expect(wallet).toContainText("4 free replies left today");
  // Nothing more arrives on screen once the stream is gone and a few frames have passed.
  await streamDropped;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await textOf(text)).toBe(shown);

  await page.reload();
  await expect(
    log(page).locator('[data-testid="chat-message"][data-role="user"]').getByTestId("message-text"),
  ).toHaveText(["Tell me about your ship [[long]]"]);
  const stored = replies(page);
  await expect(stored).toHaveAttribute("data-status", "partial");
  await expect(stored.getByText("Incomplete", { exact: true })).toBeVisible();
  expect(await textOf(stored.getByTestId("message-text"))).toBe(shown);
  await expect(page.getByTestId("wallet-status")).toContainText("4 free replies left today");
});
