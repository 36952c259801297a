import { expect, test, type Locator, type Page } from "@playwright/test";
import { chatViaApi, robotById, signedInUser, type TestRobot } from "./chat-support";

/**
 * Regenerate and swipes, edit and delete (issue 17, items 2 and 3), at a phone's width with touch and at a
 * desktop's. The stub model answers "[[slow-once]]" with 40 words 250 ms apart the first time, so a reply is still
 * being written when Regenerate is pressed, and at its usual pace after that (the regenerated reply); other
 * messages get `Reply from demo-standard: you said "…".`
 */
const ROBOT_ID = 1;
let robot: TestRobot;

test.beforeAll(async ({ request }) => {
  robot = await robotById(request, ROBOT_ID);
});

const log = (page: Page) => page.getByRole("log", { name: `Conversation with ${robot.name}` });
const composer = (page: Page) => page.getByRole("textbox", { name: `Message ${robot.name}` });
const messages = (page: Page) => log(page).locator('[data-testid="chat-message"]');
const replies = (page: Page) => log(page).locator('[data-testid="chat-message"][data-role="assistant"]');
const counter = (page: Page) => log(page).getByTestId("swipe-counter");

async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").trim();
}

/** A finger dragged sideways across the element (pointer events as a touch screen sends them). */
async function swipeAcross(target: Locator, dx: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error("no box");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const init = { pointerType: "touch", isPrimary: true, pointerId: 7, bubbles: true };
  await target.dispatchEvent("pointerdown", { ...init, clientX: x, clientY: y });
  await target.dispatchEvent("pointerup", { ...init, clientX: x + dx, clientY: y + 4 });
}

for (const view of [
  { name: "390px", viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: "1280px", viewport: { width: 1280, height: 800 }, hasTouch: false },
]) {
  test.describe(`at ${view.name}`, () => {
    test.use({ viewport: view.viewport, hasTouch: view.hasTouch });

    test("regenerate while a reply is written keeps it as a swipe; buttons, arrow keys and a swipe switch replies", async ({
      page,
      request,
    }) => {
      await signedInUser(page, request, `swipes${view.viewport.width}`);
      await page.goto(`/character/chat/${ROBOT_ID}`);
      await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
      // A message of its own, so that its first reply is the slow one on a retry as well.
      await composer(page).fill(`Tell me a tale ${test.info().testId} ${test.info().retry} [[slow-once]]`);
      await composer(page).press("Enter");
      const reply = replies(page).last();
      await expect(reply).toContainText("Slow reply from demo-standard");

      // Regenerate while it streams: the running reply stops, the page tells the server what it showed.
      const regenerated = page.waitForResponse("**/v1/chat_session/regenerate");
      await page.getByRole("button", { name: "Stop and regenerate reply" }).click();
      const request_ = (await regenerated).request();
      const shownLength = (request_.postDataJSON() as { shown_length: number }).shown_length;
      expect(shownLength).toBeGreaterThan(0);
      await expect(counter(page)).toHaveText("2/2");
      await expect(replies(page)).toHaveCount(1);
      await expect(replies(page).last()).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
      const full = await textOf(replies(page).last().getByTestId("message-text"));
      expect(full.split(" ")).toHaveLength(40);
      await page.screenshot({ path: test.info().outputPath(`swipes-${view.name}.png`) });

      // Back to the stopped one with the button: what was shown then, marked incomplete.
      await page.getByRole("button", { name: "Previous reply" }).click();
      await expect(counter(page)).toHaveText("1/2");
      await expect(replies(page).last()).toHaveAttribute("data-status", "partial");
      const partial = await textOf(replies(page).last().getByTestId("message-text"));
      // Exactly the characters the page had shown; the page paces a word in letter by letter, so they may end with
      // a space, which the rendered text does not show.
      expect(partial).toBe(full.slice(0, shownLength).trimEnd());

      // The arrow keys move while focus is on the controls.
      await page.getByRole("button", { name: "Next reply" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(counter(page)).toHaveText("2/2");
      await expect(page.getByRole("group", { name: "Reply 2 of 2" })).toBeVisible();

      if (view.hasTouch) {
        // A finger swiped to the right goes back a card.
        await swipeAcross(replies(page).last().getByTestId("message-text"), 120);
        await expect(counter(page)).toHaveText("1/2");
      } else {
        await page.getByRole("button", { name: "Previous reply" }).click();
        await expect(counter(page)).toHaveText("1/2");
      }

      // The choice is stored: after a reload the stopped reply is still the one shown, and the model's next prompt
      // builds on it.
      await page.reload();
      await expect(counter(page)).toHaveText("1/2");
      expect(await textOf(replies(page).last().getByTestId("message-text"))).toBe(partial);
    });

    test("the alternate greetings are swipes of the first message until the conversation begins", async ({
      page,
      request,
    }) => {
      const session = await signedInUser(page, request, `greet${view.viewport.width}`);
      const created = await request.post("/v1/user/robot/create", {
        headers: { authorization: `Bearer ${session.token}` },
        data: {
          name: `Greeter ${Date.now().toString(36)}`,
          intro: "Made by the swipes test.",
          greeting: "Hello there.",
          alternate_greetings: ["Psst, over here.", "You again?"],
          tags: ["fantasy"],
          nsfw: false,
          visibility: "private",
        },
      });
      const body = await created.json();
      expect(body.code, JSON.stringify(body)).toBe(0);
      const id = body.data.id as number;
      await page.goto(`/character/chat/${id}`);
      const greeting = page.getByTestId("chat-greeting");
      await expect(greeting).toContainText("Hello there.");
      await expect(page.getByRole("group", { name: "Greeting 1 of 3" })).toBeVisible();

      const saved = page.waitForResponse("**/v1/chat_session/greeting");
      await page.getByRole("button", { name: "Next greeting" }).click();
      expect((await (await saved).json()).data).toEqual({ greeting_index: 1 });
      await expect(greeting).toContainText("Psst, over here.");
      await expect(page.getByTestId("swipe-counter")).toHaveText("2/3");

      // Once something is said, the chosen greeting stays, without swipes, after a reload too.
      await page.getByRole("textbox", { name: /^Message / }).fill("Hi!");
      await page.getByRole("textbox", { name: /^Message / }).press("Enter");
      const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]');
      await expect(reply).toHaveAttribute("data-status", "complete");
      await expect(page.getByRole("button", { name: "Next greeting" })).toHaveCount(0);
      await page.reload();
      await expect(greeting).toContainText("Psst, over here.");
      await expect(reply).toHaveCount(1);
      await expect(page.getByRole("button", { name: "Next greeting" })).toHaveCount(0);
    });

    test("edit a message and continue from it, edit a reply in place, delete after a message and one message", async ({
      page,
      request,
    }) => {
      const session = await signedInUser(page, request, `edits${view.viewport.width}`);
      await chatViaApi(request, session, ROBOT_ID, "first message");
      await chatViaApi(request, session, ROBOT_ID, "second message");
      await page.goto(`/character/chat/${ROBOT_ID}`);
      await expect(messages(page)).toHaveCount(4);

      // The user's first message, edited: a dialog says the three later messages go, then a new reply comes.
      // An earlier message's actions show on hover, or once a tap or click has put focus in the message.
      await messages(page).first().getByTestId("message-text").click();
      await page.getByRole("button", { name: "Edit message" }).first().click();
      const edit = page.getByRole("dialog", { name: "Edit message" });
      await expect(edit).toContainText("Sending removes the 3 messages after this one");
      await edit.getByRole("textbox", { name: "Message text" }).fill("first message, edited");
      await edit.getByRole("button", { name: "Save and send" }).click();
      await expect(edit).toBeHidden();
      await expect(messages(page)).toHaveCount(2);
      await expect(replies(page).last()).toContainText('you said "first message, edited".');
      await expect(replies(page).last()).toHaveAttribute("data-status", "complete");

      // A reply edited in place.
      await page.getByRole("button", { name: "Edit reply" }).click();
      const editReply = page.getByRole("dialog", { name: "Edit reply" });
      await editReply.getByRole("textbox", { name: "Reply text" }).fill("My own *words* for you.");
      await editReply.getByRole("button", { name: "Save", exact: true }).click();
      await expect(editReply).toBeHidden();
      await expect(replies(page).last().getByTestId("message-text")).toHaveText("My own words for you.");

      // Two more turns, then everything after the first reply goes.
      await composer(page).fill("third message");
      await composer(page).press("Enter");
      await expect(replies(page)).toHaveCount(2);
      await expect(replies(page).last()).toHaveAttribute("data-status", "complete");
      await replies(page).first().getByTestId("message-text").click();
      await page.getByRole("button", { name: "Delete reply" }).first().click();
      const remove = page.getByRole("dialog", { name: "Delete message?" });
      await expect(remove).toContainText("deletes the 2 messages after it");
      await expect(remove.getByRole("button", { name: "Cancel" })).toBeFocused();
      await remove.getByRole("button", { name: "Delete everything after" }).click();
      await expect(remove).toBeHidden();
      await expect(messages(page)).toHaveCount(2);

      // And one message: the reply.
      await page.getByRole("button", { name: "Delete reply" }).click();
      await page
        .getByRole("dialog", { name: "Delete message?" })
        .getByRole("button", { name: "Delete this message" })
        .click();
      await expect(messages(page)).toHaveCount(1);

      await page.reload();
      await expect(messages(page).getByTestId("message-text")).toHaveText(["first message, edited"]);
    });
  });
}
