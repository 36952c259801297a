import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { animationsSettled, axeFindings, expectNoFindings, type Finding } from "./axe-support";
import { chatViaApi, robotById, signedInUser, type TestRobot, type TestSession } from "./chat-support";
import { DESKTOP, MOBILE } from "./support";

/**
 * The chat's Memory panel against the stub model (playwright.config.ts). Its memory is seeded through the API, or,
 * in the last test, written by the stub model itself once the chat has grown past the model's window.
 */
const ROBOT_ID = 1;
const SHOTS = path.join("test-results", "screenshots");
let robot: TestRobot;

// axe is injected as an inline script, which the page's nonce CSP would refuse
test.use({ bypassCSP: true });

test.beforeAll(async ({ request }) => {
  robot = await robotById(request, ROBOT_ID);
});

const memoryButton = (page: Page) => page.getByRole("button", { name: "Memory", exact: true });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Memory" });

async function openChat(page: Page): Promise<void> {
  await page.goto(`/character/chat/${ROBOT_ID}`);
  await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
  await expect(memoryButton(page)).toBeVisible();
}

async function memoryCall(request: APIRequestContext, session: TestSession, action: string, data: object) {
  const res = await request.post(`/v1/chat_session/memory/${action}`, {
    data: { robot_id: ROBOT_ID, ...data },
    headers: { authorization: `Bearer ${session.token}` },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as { summary: string; facts: string[] };
}

async function readMemory(request: APIRequestContext, session: TestSession) {
  const res = await request.get(`/v1/chat_session/memory?robot_id=${ROBOT_ID}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  return (await res.json()).data as { summary: string; facts: string[] };
}

/** The open panel in both themes: a PNG each for review, and no serious axe finding inside it. */
async function screenshotsAndAxe(page: Page, width: number): Promise<void> {
  const findings: Finding[] = [];
  await dialog(page).evaluate((el) => el.setAttribute("data-axe-scope", ""));
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
    await animationsSettled(page, "[data-axe-scope]");
    await page.screenshot({ path: path.join(SHOTS, `chat-memory-${theme}-${width}.png`), animations: "disabled" });
    findings.push(...(await axeFindings(page, `memory panel ${theme} ${width}`, "[data-axe-scope]")));
  }
  await page.emulateMedia({ colorScheme: "light" });
  expectNoFindings(findings);
}

for (const viewport of [MOBILE, DESKTOP]) {
  test(`the memory panel at ${viewport.width}px: read, edit, pin, unpin and clear`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const session = await signedInUser(page, request, `memory${viewport.width}`);
    await chatViaApi(request, session, ROBOT_ID, "Hello there");
    await memoryCall(request, session, "update", { summary: "Sam told Aria that he bakes bread in Lyon." });
    await memoryCall(request, session, "pin", { fact: "Sam's dog is called Pepper" });

    await openChat(page);
    await memoryButton(page).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toContainText(`What ${robot.name} remembers of this chat`);
    const summary = dialog(page).getByRole("textbox", { name: "Summary" });
    await expect(summary).toHaveValue("Sam told Aria that he bakes bread in Lyon.");
    await expect(dialog(page).getByTestId("memory-facts")).toContainText("Sam's dog is called Pepper");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshotsAndAxe(page, viewport.width);

    // Pin with the keyboard; an empty fact is refused with a message
    const factField = dialog(page).getByRole("textbox", { name: "Pin a fact" });
    await factField.focus();
    await factField.press("Enter");
    await expect(dialog(page).getByRole("alert")).toHaveText("Write the fact to remember");
    await factField.fill("Sam is allergic to nuts");
    await expect(dialog(page)).toContainText("23/200");
    await factField.press("Enter");
    await expect(dialog(page).getByTestId("memory-facts").getByRole("listitem")).toHaveCount(2);
    await expect(factField).toHaveValue("");

    await dialog(page).getByRole("button", { name: "Remove fact: Sam's dog is called Pepper" }).click();
    await expect(dialog(page).getByTestId("memory-facts").getByRole("listitem")).toHaveCount(1);
    expect((await readMemory(request, session)).facts).toEqual(["Sam is allergic to nuts"]);

    await summary.fill("Sam bakes bread in Lyon and promised Aria a croissant.");
    await dialog(page).getByRole("button", { name: "Save summary" }).click();
    await expect(dialog(page).getByRole("button", { name: "Save summary" })).toBeDisabled();
    expect((await readMemory(request, session)).summary).toBe("Sam bakes bread in Lyon and promised Aria a croissant.");

    await dialog(page).getByRole("button", { name: "Clear memory…" }).click();
    await expect(dialog(page).getByRole("alert")).toContainText("Clear the summary and every pinned fact?");
    await dialog(page).getByRole("button", { name: "Clear memory", exact: true }).click();
    await expect(summary).toHaveValue("");
    await expect(dialog(page)).toContainText("No pinned facts.");
    expect(await readMemory(request, session)).toMatchObject({ summary: "", facts: [] });

    // Escape closes it and gives focus back to the button that opened it
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await expect(memoryButton(page)).toBeFocused();
  });
}

test("a chat longer than the model's window: older turns are summarised by the model and shown", async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  const session = await signedInUser(page, request, "memorylong");
  // About 2,900 tokens each (one per Han character): the third message pushes the first out of the 8k window.
  const long = (n: number) => `第${n}条：${"我住在里昂我是面包师".repeat(290)}`;
  for (const n of [1, 2, 3]) await chatViaApi(request, session, ROBOT_ID, long(n));

  await openChat(page);
  await memoryButton(page).click();
  // The stub answers `Reply from {model}: you said "{the first 80 characters of the request}".`
  await expect(dialog(page).getByRole("textbox", { name: "Summary" })).toHaveValue(
    /^Reply from demo-standard: you said "Memory so far: \(nothing yet\) New turns: .+: 第1条：我住在里昂/,
    { timeout: 20_000 },
  );
  const memory = await readMemory(request, session);
  expect(memory.summary).toContain("第1条");
  expect(memory.summary).not.toContain("第2条");
});
