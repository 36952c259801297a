import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { chatViaApi, signedInUser } from "../e2e/chat-support";
import { VIEWPORTS } from "../e2e/support";

/** The chat list panel, its actions and the delete confirmation, at both widths in both themes. */
const OUT = path.resolve("test-results/screenshots");

async function settled(page: Page, name: string): Promise<void> {
  // A cancelled animation rejects its `finished`; either way it is over.
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((a) => a.finished)).then(() => undefined));
  await page.screenshot({ path: path.join(OUT, `${name}.png`), animations: "disabled" });
}

for (const viewport of VIEWPORTS) {
  for (const theme of ["light", "dark"] as const) {
    test(`chat list ${theme} at ${viewport.width}`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      const session = await signedInUser(page, request, `shotlist${viewport.width}${theme}`);
      const auth = { authorization: `Bearer ${session.token}` };
      await chatViaApi(request, session, 1, "Where are we heading tonight, Captain?");
      const created = await request.post("/v1/chat_session/create", { data: { robot_id: 1 }, headers: auth });
      const chatId = (await created.json()).data.chat.id as string;
      await request.post("/v1/chat_session/rename", { data: { chat_id: chatId, title: "Road trip" }, headers: auth });
      await page.goto("/character/chat/1");
      const button = page.getByRole("button", { name: /^Chats with / });
      await expect(button).toBeVisible();
      await settled(page, `chat-header-${theme}-${viewport.width}`);
      await button.click();
      const panel = page.getByRole("dialog", { name: /^Chats with / });
      await expect(panel.getByTestId("chat-list-item")).toHaveCount(2);
      await settled(page, `chat-list-${theme}-${viewport.width}`);
      await panel.getByRole("button", { name: /^Actions for Where are we/ }).click();
      await settled(page, `chat-list-actions-${theme}-${viewport.width}`);
      await panel.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("dialog", { name: "Delete this chat?" })).toBeVisible();
      await settled(page, `chat-list-delete-${theme}-${viewport.width}`);
    });
  }
}
