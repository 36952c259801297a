import { expect, test, type Page } from "@playwright/test";
import { robotById, signedInUser, type TestRobot } from "./chat-support";

/**
 * Text that comes in bursts is spread over the time to the next burst (lib/chat/frame-batcher.ts), unless the reader
 * prefers reduced motion. The stub model's [[slow]] reply sends one word every 250 ms, so every burst is a whole
 * word: the text on screen, read at every animation frame, stops inside a word only when it is paced.
 */
const ROBOT_ID = 1;
let robot: TestRobot;

test.beforeAll(async ({ request }) => {
  robot = await robotById(request, ROBOT_ID);
});

/** The reply's text at each animation frame until it has `words` words. */
function sampleUntilWords(page: Page, words: number): Promise<string[]> {
  return page.evaluate(
    (target) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const tick = () => {
          const replies = document.querySelectorAll('[data-testid="chat-message"][data-role="assistant"]');
          const text = (replies[replies.length - 1]?.querySelector('[data-testid="message-text"]')?.textContent ?? "")
            .replace(/\s+/g, " ")
            .trim();
          if (seen.at(-1) !== text) seen.push(text);
          if (text.split(" ").length >= target) resolve(seen);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    words,
  );
}

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  test(`a slow model's words, with ${reducedMotion} motion`, async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion });
    await signedInUser(page, request, reducedMotion === "reduce" ? "pacestill" : "pacemoving");
    await page.goto(`/character/chat/${ROBOT_ID}`);
    await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
    const composer = page.getByRole("textbox", { name: `Message ${robot.name}` });
    await composer.fill("Take your time [[slow]]");
    await composer.press("Enter");
    const seen = await sampleUntilWords(page, 8);
    await page.getByRole("button", { name: "Stop", exact: true }).click();
    const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
    await expect(reply).toHaveAttribute("data-status", "stopped");

    const words = new Set(seen.at(-1)!.split(" "));
    const insideAWord = seen.filter((text) => text && !words.has(text.split(" ").at(-1)!));
    if (reducedMotion === "reduce") expect(insideAWord).toEqual([]);
    else expect(insideAWord.length).toBeGreaterThan(3);
  });
}
