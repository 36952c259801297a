import { expect, test, type Page } from "@playwright/test";
import { robotById, signedInUser, type TestRobot } from "./chat-support";
import { animationsSettled, axeFindings, expectNoFindings } from "./axe-support";
import { MOBILE, VIEWPORTS } from "./support";

/**
 * Replies as markdown in the chat, against the stub model's [[rich]] reply (tests/support/openai-stub-server.mjs):
 * every construct, streamed a few characters at a time.
 */
const ROBOT_ID = 1;
const CODE = [
  "function total(items: { qty: number }[]): number {",
  "  return items.reduce((sum, item) => sum + item.qty, 0);",
  "}",
].join("\n");

let robot: TestRobot;
test.beforeAll(async ({ request }) => {
  robot = await robotById(request, ROBOT_ID);
});

const lastReply = (page: Page) =>
  page
    .getByRole("log", { name: `Conversation with ${robot.name}` })
    .locator('[data-testid="chat-message"][data-role="assistant"]')
    .last();

/**
 * Records, for every DOM change while the reply streams, whether its text showed markdown syntax (a pipe, a fence,
 * a `**`), whether a table or a code block was already rendered, and how many lengths its text had on screen (the
 * page renders once a frame, so how many depends on the machine's frame rate, not on the stream). Read with
 * `streamLog`.
 */
function watchStreaming(page: Page): Promise<void> {
  return page.evaluate(() => {
    const seen = { strays: [] as string[], table: false, code: false, lengths: 0 };
    const lengths = new Set<number>();
    Object.assign(window, { __markdownStream: seen });
    new MutationObserver(() => {
      const reply = document.querySelector(
        '[data-role="assistant"][data-status="streaming"] [data-testid="message-text"]',
      );
      if (!reply) return;
      const text = reply.textContent ?? "";
      lengths.add(text.length);
      seen.lengths = lengths.size;
      // the code block's own text may hold anything; only the rest must not show syntax
      const prose = Array.from(reply.childNodes)
        .filter((node) => !(node instanceof HTMLElement && node.dataset.testid === "code-block"))
        .map((node) => node.textContent ?? "")
        .join("\n");
      if (/\||```|\*\*|\]\(/.test(prose)) seen.strays.push(text.slice(-80));
      if (reply.querySelector("table")) seen.table = true;
      if (reply.querySelector("pre code")) seen.code = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

const streamLog = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __markdownStream: { strays: string[]; table: boolean; code: boolean; lengths: number };
        }
      ).__markdownStream,
  );

for (const viewport of VIEWPORTS) {
  test(`a streamed reply renders its table, quote, list and code at ${viewport.width}px; the copy button copies the code`, async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(viewport);
    await signedInUser(page, request, `md${viewport.width}`);
    await page.goto(`/character/chat/${ROBOT_ID}`);
    await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
    await expect(page.getByTestId("wallet-status")).toBeVisible();

    await watchStreaming(page);
    const composer = page.getByRole("textbox", { name: `Message ${robot.name}` });
    await composer.fill("Show me the cargo manifest [[rich]]");
    await composer.press("Enter");
    const reply = lastReply(page);
    await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 30_000 });

    // While it streamed (the text grew on screen in several steps): the table and the code block were shown as such,
    // and no syntax showed as text.
    const streamed = await streamLog(page);
    expect(streamed.lengths).toBeGreaterThanOrEqual(3);
    expect(streamed.table).toBe(true);
    expect(streamed.code).toBe(true);
    expect(streamed.strays).toEqual([]);

    // The finished reply: actions in italics, the table, quote, nested list and code.
    await expect(reply.locator("em").first()).toHaveText("leans on the console, eyes on the manifest");
    const table = reply.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Item", "Quantity", "Hold", "Condition", "Note"]);
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(table.getByRole("row").nth(3)).toContainText("Spare sails");
    await expect(table.locator("del")).toHaveText("torn");
    await expect(reply.locator("blockquote")).toHaveText("The sea does not forgive a loose knot.");
    await expect(reply.locator("ol > li")).toHaveCount(2);
    await expect(reply.locator("ol ul > li")).toHaveText("twice, slowly");
    await expect(reply.locator("pre code")).toHaveText(CODE);

    // Only the https link is a link; the others, the images and the raw HTML are text.
    await expect(reply.getByRole("link")).toHaveCount(1);
    await expect(reply.getByRole("link", { name: "harbour log" })).toHaveAttribute(
      "rel",
      "noopener noreferrer nofollow ugc",
    );
    await expect(reply.getByTestId("message-text").locator("img")).toHaveCount(0);
    await expect(reply).toContainText("Not links: plain and evil; not images: a gull a crab. <b>Raw</b> stays text.");

    // Neither the page nor the conversation scrolls sideways: a table or code line wider than the bubble scrolls in
    // its own box (at 390px the table is wider than the bubble).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const log = page.getByRole("log", { name: `Conversation with ${robot.name}` });
    expect(await log.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const region = reply.getByRole("region", { name: "Table" });
    if (viewport.width < 640) expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    // Copy: the code lands on the clipboard, the button says so and the status announces it.
    const block = reply.getByTestId("code-block");
    await block.getByRole("button", { name: "Copy code" }).click();
    await expect(block.getByRole("button", { name: "Copied" })).toBeVisible();
    await expect(block.getByRole("status")).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(CODE);
    await expect(block.getByRole("button", { name: "Copy code" })).toBeVisible();
  });
}

test.describe("axe", () => {
  // axe-core is injected inline, which the page's nonce CSP would refuse
  test.use({ bypassCSP: true, viewport: MOBILE });

  for (const theme of ["light", "dark"] as const) {
    test(`a rich reply has no serious accessibility findings in the ${theme} theme (contrast of code, tables, quotes)`, async ({
      page,
      request,
    }) => {
      await page.emulateMedia({ colorScheme: theme });
      await signedInUser(page, request, `mdaxe${theme}`);
      await page.goto(`/character/chat/${ROBOT_ID}`);
      const composer = page.getByRole("textbox", { name: `Message ${robot.name}` });
      await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
      await composer.fill("The *whole* manifest, with `code` [[rich]]");
      await composer.press("Enter");
      const reply = lastReply(page);
      await expect(reply).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
      await animationsSettled(page, '[data-role="assistant"]');
      expectNoFindings(
        await axeFindings(page, `rich reply (${theme})`, '[data-testid="chat-message"][data-role="assistant"]'),
      );
      expectNoFindings(await axeFindings(page, `your message (${theme})`, '[data-role="user"]'));
    });
  }
});
