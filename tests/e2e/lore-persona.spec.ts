import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signedInUser } from "./chat-support";
import { DESKTOP, MOBILE, toast } from "./support";

/**
 * The user's persona and a character's lorebook in the browser (issue 17 items 4 and 5). The stub model's
 * [[system]] directive answers with the system prompt it received, so a test reads what went into the prompt.
 */
test.describe.configure({ timeout: 120_000 });

const composer = (page: Page, name: string) => page.getByRole("textbox", { name: `Message ${name}` });
const replies = (page: Page) => page.locator('[data-testid="chat-message"][data-role="assistant"]');

async function openChat(page: Page, id: number): Promise<void> {
  await page.goto(`/character/chat/${id}`);
  await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
  await expect(page.getByTestId("wallet-status")).toBeVisible();
}

/** Sends a message and answers the reply's text once it is complete. */
async function ask(page: Page, name: string, text: string, count: number) {
  await composer(page, name).fill(text);
  await composer(page, name).press("Enter");
  const reply = replies(page).nth(count - 1);
  await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  return reply;
}

const entries = (page: Page) => page.getByTestId("lorebook-entry");

async function addEntry(page: Page, keys: string[], content: string): Promise<void> {
  await page.getByRole("button", { name: "Add an entry" }).click();
  const entry = entries(page).last();
  const keyInput = entry.getByRole("textbox", { name: "Add to keys" });
  for (const key of keys) {
    await keyInput.fill(key);
    await keyInput.press("Enter");
  }
  await entry.getByRole("textbox", { name: "Content" }).fill(content);
}

for (const viewport of [MOBILE, DESKTOP]) {
  test(`lorebook entries are written, edited and removed on the edit page, and reach the prompt (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await signedInUser(page, request, `lore${viewport.width}`);
    const name = `Keeper ${randomBytes(3).toString("hex")}`;
    await page.goto("/create");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Short intro" }).fill("Keeps the light.");
    await page.getByRole("textbox", { name: "Greeting" }).fill("The lamp is lit, {{user}}.");
    await addEntry(page, ["lighthouse"], "The lighthouse keeper is {{char}}'s sister.");
    await addEntry(page, ["storm"], "Storms come from the west.");
    // A key typed with a comma becomes a chip too, and its Remove button takes it away.
    const second = entries(page).nth(1);
    await second.getByRole("textbox", { name: "Add to keys" }).fill("gale,");
    await second.getByRole("textbox", { name: "Add to keys" }).press(",");
    await expect(second.getByRole("button", { name: "Remove key gale" })).toBeVisible();
    await second.getByRole("button", { name: "Remove key gale" }).click();
    await page.getByRole("button", { name: "Create character" }).click();
    await page.waitForURL(/\/character\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());

    // Back on the edit page: both entries are there; remove one, add a key to the other, save.
    await page.goto(`/create?edit=${id}`);
    await expect(entries(page)).toHaveCount(2);
    await expect(entries(page).nth(0)).toContainText("lighthouse");
    await entries(page).nth(1).locator("summary").click();
    await page.getByRole("button", { name: "Remove entry 2" }).click();
    await expect(entries(page)).toHaveCount(1);
    const first = entries(page).first();
    await first.locator("summary").click();
    await first.getByRole("textbox", { name: "Add to keys" }).fill("beacon");
    await first.getByRole("textbox", { name: "Add to keys" }).press("Enter");
    await expect(first.getByRole("list", { name: "Keys" }).getByRole("listitem")).toHaveText(["lighthouse", "beacon"]);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(new RegExp(`/character/${id}$`));
    await page.goto(`/create?edit=${id}`);
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first().locator("summary")).toContainText("lighthouse, beacon");

    // The entry goes into the prompt when a key comes up, with the names filled in; the removed one never.
    await openChat(page, id);
    const plain = await ask(page, name, "Hello there [[system]]", 1);
    await expect(plain).not.toContainText("sister");
    const keyed = await ask(page, name, "What is that BEACON? [[system]]", 2);
    await expect(keyed).toContainText(`The lighthouse keeper is ${name}'s sister.`);
    await expect(keyed).not.toContainText("Storms come from the west.");
  });

  test(`the persona dialog sets who the user is, in every chat and in one chat (${viewport.width}px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    await signedInUser(page, request, `persona${viewport.width}`);
    const detail = await (await request.post("/v1/tag/robot/detail", { data: { id: 1 } })).json();
    const name = detail.data.name as string;
    await openChat(page, 1);

    const open = async () => {
      await page.getByRole("button", { name: "Your persona" }).click();
      const dialog = page.getByRole("dialog", { name: "Your persona" });
      await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toBeVisible();
      return dialog;
    };
    let dialog = await open();
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Captain Ahab");
    await dialog.getByRole("textbox", { name: "About you", exact: true }).fill("{{user}} has a wooden leg.");
    await dialog.getByRole("button", { name: "Save persona" }).click();
    await expect(toast(page, "Persona saved")).toBeVisible();
    await expect(dialog).toBeHidden();
    // Focus goes back to the button that opened the dialog.
    await expect(page.getByRole("button", { name: "Your persona" })).toBeFocused();
    // {{user}} in the greeting on screen is the persona's name, as the model is given it.
    await expect(page.getByTestId("chat-greeting")).toContainText("Strap in, Captain Ahab");

    const own = await ask(page, name, "Who am I? [[system]]", 1);
    await expect(own).toContainText("Captain Ahab, who you are talking with");
    await expect(own).toContainText("Captain Ahab has a wooden leg.");

    // This chat only: a persona of its own; the name is required.
    dialog = await open();
    await dialog.getByRole("switch", { name: "A different persona in this chat" }).click();
    await dialog.getByRole("button", { name: "Save persona" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please enter a name for this chat");
    await dialog.getByRole("textbox", { name: "Name in this chat" }).fill("Ishmael");
    await dialog.getByRole("textbox", { name: "About you in this chat" }).fill("A sailor.");
    await dialog.getByRole("button", { name: "Save persona" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("chat-greeting")).toContainText("Strap in, Ishmael");
    const chatOnly = await ask(page, name, "And now? [[system]]", 2);
    await expect(chatOnly).toContainText("Ishmael, who you are talking with");
    await expect(chatOnly).toContainText("A sailor.");
    await expect(chatOnly).not.toContainText("wooden leg");

    // The dialog shows what was saved after a reload.
    await page.reload();
    await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
    dialog = await open();
    await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Captain Ahab");
    await expect(dialog.getByRole("switch", { name: "A different persona in this chat" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(dialog.getByRole("textbox", { name: "Name in this chat" })).toHaveValue("Ishmael");
  });
}
