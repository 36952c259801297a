import path from "node:path";
import { expect, type APIRequestContext, type Page, test } from "@playwright/test";
import { animationsDone, openCoins, openPlans, pick } from "../e2e/billing-support";
import { chatViaApi, signedInUser, type TestSession } from "../e2e/chat-support";
import { clickUntil, VIEWPORTS } from "../e2e/support";

/**
 * The pages `npm run screenshots` captures (see playwright.screenshots.config.ts), each at both widths in the
 * light and the dark theme. A page that cannot be shown stops the run; nothing else is checked here.
 */
const OUT = path.resolve("test-results/screenshots");
const THEMES = ["light", "dark"] as const;
const PAGES = [
  { name: "home", path: "/" },
  { name: "character-1", path: "/character/1" },
  { name: "not-found", path: "/definitely/missing" },
  { name: "faq", path: "/faq" },
] as const;

/** An order made through the API, as the dialogs make it; answers its sandbox order code. */
async function orderViaApi(
  request: APIRequestContext,
  session: TestSession,
  kind: "subscribe" | "buy_coin",
  productId: string,
  money: number,
) {
  const res = await request.post(`/v1/${kind}/create`, {
    data: { product_id: productId, currency: "USD", money },
    headers: { authorization: `Bearer ${session.token}` },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.order_code as string;
}

/** A synthetic `beforeinstallprompt`, as Chromium fires it once the page can be installed; true once it was held. */
function firePrompt(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: "dismissed" }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

/** Waits for web fonts and every <img> to finish, so a screenshot never catches a half-loaded page. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Array.from(document.images).every((img) => img.complete))).toBe(true);
}

for (const viewport of VIEWPORTS) {
  for (const theme of THEMES) {
    test.describe(`${theme} at ${viewport.width}x${viewport.height}`, () => {
      test.use({ viewport, colorScheme: theme });

      // Modals are fixed to the viewport, so a full-page capture would misplace them: those are viewport shots.
      const shot = async (page: Page, name: string, fullPage = true) => {
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
        await settle(page);
        await page.screenshot({
          path: path.join(OUT, `${name}-${theme}-${viewport.width}.png`),
          fullPage,
          animations: "disabled",
        });
      };

      for (const { name, path: url } of PAGES) {
        test(name, async ({ page }) => {
          await page.goto(url);
          await expect(page.getByRole("main")).toBeVisible();
          await shot(page, name);
        });
      }

      test("offline page", async ({ page }) => {
        await page.goto("/character/chat/1");
        await expect(page.getByRole("button", { name: /^Model: / })).toBeEnabled();
        await page.goto("/~offline");
        await expect(page.getByRole("region", { name: "Your recent chats" })).toBeVisible();
        await shot(page, "offline");
      });

      test("update toast", async ({ page }) => {
        // The version file names another build, as after a deploy.
        await page.route("**/build-version.json", (route) => route.fulfill({ json: { version: "a-newer-build" } }));
        await page.goto("/");
        await expect(page.getByRole("status").filter({ hasText: "New Version Available" })).toBeVisible({
          timeout: 30_000,
        });
        await shot(page, "update-toast", false);
      });

      test("sign-in dialog", async ({ page }) => {
        await page.goto("/");
        const dialog = page.getByRole("dialog", { name: "Welcome" });
        await clickUntil(page.getByRole("banner").getByRole("button", { name: "Sign in" }), dialog);
        await dialog.evaluate((el) =>
          Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => undefined),
        );
        await shot(page, "sign-in", false);
      });

      test("chat", async ({ page, request }) => {
        const session = await signedInUser(page, request, `shot${viewport.width}${theme}`);
        await chatViaApi(request, session, 1, "Hi Captain! What's the plan for today?");
        await chatViaApi(request, session, 1, "*leans on the console* Show me the cargo manifest [[markdown]]");
        await page.goto("/character/chat/1");
        await expect(page.locator('[data-testid="chat-message"][data-role="assistant"]')).toHaveCount(2);
        await page.getByRole("textbox", { name: /^Message / }).fill("Sounds good, let's go.");
        await shot(page, "chat", false);
        if (viewport.width < 640) {
          // A phone's keyboard open: Chrome on Android shrinks the layout viewport to what it leaves, as this does.
          await page.setViewportSize({ width: viewport.width, height: 500 });
          await expect(page.locator("[data-short-window]")).toHaveCount(1);
          await shot(page, "chat-keyboard", false);
        }
      });

      test("chat markdown", async ({ page, request }) => {
        // A reply with every construct markdown renders; the window is made tall enough to hold all of it.
        await page.setViewportSize({ width: viewport.width, height: viewport.width < 640 ? 2200 : 1500 });
        const session = await signedInUser(page, request, `shotmd${viewport.width}${theme}`);
        await chatViaApi(request, session, 1, "Show me the *whole* cargo manifest [[rich]]");
        await page.goto("/character/chat/1");
        const reply = page.locator('[data-testid="chat-message"][data-role="assistant"]').last();
        await expect(reply.getByRole("table")).toBeVisible();
        await reply.getByRole("button", { name: "Copy code" }).focus();
        await shot(page, "chat-markdown", false);
      });

      test("chat swipes", async ({ page, request }) => {
        const session = await signedInUser(page, request, `swipe${viewport.width}${theme}`);
        await chatViaApi(request, session, 1, "Hi Captain! What's the plan for today?");
        await chatViaApi(request, session, 1, "Where are we heading next?");
        await page.goto("/character/chat/1");
        const replies = page.locator('[data-testid="chat-message"][data-role="assistant"]');
        await expect(replies).toHaveCount(2);
        await page.getByRole("button", { name: "Regenerate reply" }).click();
        await expect(page.getByTestId("swipe-counter")).toHaveText("2/2");
        await expect(replies.last()).toHaveAttribute("data-status", "complete");
        await page.getByRole("button", { name: "Previous reply" }).focus();
        await shot(page, "chat-swipes", false);
        await page.locator('[data-testid="chat-message"][data-role="user"]').first().click();
        await page.getByRole("button", { name: "Edit message" }).first().click();
        await expect(page.getByRole("dialog", { name: "Edit message" })).toBeVisible();
        await shot(page, "chat-edit-dialog", false);
        await page.keyboard.press("Escape");
        await replies.first().click();
        await shot(page, "chat-actions-revealed", false);
        await page.getByRole("button", { name: "Delete reply" }).first().click();
        await expect(page.getByRole("dialog", { name: "Delete message?" })).toBeVisible();
        await shot(page, "chat-delete-dialog", false);
      });

      test("install banner", async ({ page, request }) => {
        const banner = page.getByRole("region", { name: "Install Kewl" });
        await page.clock.install();
        // Home with the browser's install prompt, then the chat page, whose composer the banner must leave free.
        await page.goto("/");
        await expect(page.getByRole("main")).toBeVisible();
        await expect.poll(() => firePrompt(page)).toBe(true);
        await page.clock.fastForward(3000);
        await expect(banner).toBeVisible();
        await shot(page, "install-banner", false);
        await page.evaluate(() => localStorage.clear());
        await signedInUser(page, request, `install${viewport.width}${theme}`);
        await page.goto("/character/chat/1");
        await expect(page.getByRole("textbox", { name: /^Message / })).toBeVisible();
        await expect.poll(() => firePrompt(page)).toBe(true);
        await page.clock.fastForward(3000);
        await expect(banner).toBeVisible();
        await shot(page, "install-banner-chat", false);
      });

      test("install banner on iOS", async ({ page }) => {
        await page.addInitScript(() => {
          const ua =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
          Object.defineProperty(Navigator.prototype, "userAgent", { get: () => ua });
        });
        await page.clock.install();
        await page.goto("/");
        await page.clock.fastForward(3000);
        await expect(page.getByRole("region", { name: "Install Kewl" })).toBeVisible();
        await shot(page, "install-banner-ios", false);
      });

      test("subscription dialog", async ({ page, request }) => {
        const session = await signedInUser(page, request, `plans${viewport.width}${theme}`);
        // Holding Plus (paid in the sandbox), so the card shows "Your plan" and its expiry.
        const code = await orderViaApi(request, session, "subscribe", "plan-plus-monthly", 999);
        const paid = await request.post("/v1/payment/sandbox/pay", {
          data: { order_code: code },
          headers: { authorization: `Bearer ${session.token}` },
        });
        expect((await paid.json()).code).toBe(0);
        await page.goto("/");
        const dialog = await openPlans(page);
        await expect(dialog.getByTestId("plan-expires")).toBeVisible();
        await animationsDone(dialog);
        await shot(page, "subscription-dialog", false);
      });

      test("coin dialog", async ({ page, request }) => {
        await signedInUser(page, request, `coins${viewport.width}${theme}`);
        await page.goto("/");
        const dialog = await openCoins(page);
        await expect(dialog.getByTestId("coin-balance")).toHaveText("0");
        await pick(dialog, /^550 coins/);
        await animationsDone(dialog);
        await shot(page, "coin-dialog", false);
      });

      test("create form", async ({ page, request }) => {
        await signedInUser(page, request, `create${viewport.width}${theme}`);
        await page.goto("/create");
        await page.getByRole("textbox", { name: "Name" }).fill("Wren Halloway");
        await page.getByRole("textbox", { name: "Short intro" }).fill("A lighthouse keeper who collects stories.");
        await page
          .getByRole("textbox", { name: "Greeting" })
          .fill("*trims the lamp* Storm's coming, {{user}}. Sit, and tell me where you sailed from.");
        await page.getByRole("button", { name: "Fantasy", exact: true }).click();
        await shot(page, "create");
      });

      test("lorebook editor", async ({ page, request }) => {
        const session = await signedInUser(page, request, `lore${viewport.width}${theme}`);
        const made = await request.post("/v1/user/robot/create", {
          data: {
            name: "Wren Halloway",
            intro: "A lighthouse keeper who collects stories.",
            greeting: "Storm's coming, {{user}}.",
            lorebook: {
              entries: [
                {
                  keys: ["lighthouse", "lamp", "beacon"],
                  content: "The lamp of {{char}}'s lighthouse has not gone out in forty years.",
                  name: "The lamp",
                },
                { constant: true, content: "The island lies two days north of the mainland.", name: "Geography" },
                {
                  keys: ["ghost"],
                  secondary_keys: ["storm"],
                  selective: true,
                  enabled: false,
                  content: "On stormy nights a ghost walks the stairs.",
                },
              ],
            },
          },
          headers: { authorization: `Bearer ${session.token}` },
        });
        const body = await made.json();
        expect(body.code, JSON.stringify(body)).toBe(0);
        await page.goto(`/create?edit=${body.data.id}`);
        const first = page.getByTestId("lorebook-entry").first();
        await first.locator("summary").click();
        await expect(first.getByRole("textbox", { name: "Content" })).toBeVisible();
        await first.scrollIntoViewIfNeeded();
        await shot(page, "lorebook-editor");
      });

      test("persona dialog", async ({ page, request }) => {
        await signedInUser(page, request, `persona${viewport.width}${theme}`);
        await page.goto("/character/chat/1");
        await page.getByRole("button", { name: "Your persona" }).click();
        const dialog = page.getByRole("dialog", { name: "Your persona" });
        await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Captain Ahab");
        await dialog.getByRole("textbox", { name: "About you", exact: true }).fill("A sea captain with a wooden leg.");
        await dialog.getByRole("switch", { name: "A different persona in this chat" }).click();
        await dialog.getByRole("textbox", { name: "Name in this chat" }).fill("Ishmael");
        await animationsDone(dialog);
        await shot(page, "persona-dialog", false);
      });

      test("own character and profile", async ({ page, request }) => {
        const session = await signedInUser(page, request, `owner${viewport.width}${theme}`);
        const made = await request.post("/v1/user/robot/create", {
          data: {
            name: "Wren Halloway",
            intro: "A lighthouse keeper who collects stories.",
            greeting: "Storm's coming, {{user}}. Sit, and tell me where you sailed from.",
            tags: ["fantasy"],
            visibility: "unlisted",
            copied_from: 1,
          },
          headers: { authorization: `Bearer ${session.token}` },
        });
        const body = await made.json();
        expect(body.code, JSON.stringify(body)).toBe(0);
        await page.goto(`/character/${body.data.id}`);
        await expect(page.getByRole("button", { name: "Delete Wren Halloway" })).toBeVisible();
        await shot(page, "own-character");
        await page.goto(`/profile/${session.profile.key}`);
        await expect(page.getByRole("button", { name: "Delete Wren Halloway" })).toBeVisible();
        await shot(page, "own-profile");
        await page.getByRole("button", { name: "Account" }).click();
        await page.getByRole("menuitem", { name: "Edit profile" }).click();
        const dialog = page.getByRole("dialog", { name: "Edit Profile" });
        await expect(dialog.getByText("Upload image")).toBeVisible();
        await animationsDone(dialog);
        await shot(page, "edit-profile", false);
      });

      test("favourites", async ({ page, request }) => {
        const session = await signedInUser(page, request, `favs${viewport.width}${theme}`);
        const auth = { authorization: `Bearer ${session.token}` };
        const top = await (await request.post("/v1/tag/robots", { data: { page_size: 4 } })).json();
        for (const robot of top.data.list as { id: number }[]) {
          const res = await request.post("/v1/user/favorites/add", { data: { robot_id: robot.id }, headers: auth });
          expect((await res.json()).code).toBe(0);
        }
        await page.goto("/");
        await clickUntil(page.getByRole("button", { name: /^Account/ }), page.getByRole("menu", { name: "Account" }));
        await shot(page, "account-menu", false);
        await page.getByRole("menuitem", { name: "My favourites" }).click();
        await expect(page.getByRole("list", { name: "Your favourites" }).getByRole("listitem")).toHaveCount(4);
        await shot(page, "favourites");
      });

      test("sandbox checkout", async ({ page, request }) => {
        const session = await signedInUser(page, request, `sandbox${viewport.width}${theme}`);
        const code = await orderViaApi(request, session, "buy_coin", "coins-550", 899);
        await page.goto(`/payment/sandbox/${code}`);
        await expect(page.getByRole("button", { name: "Pay $8.99 (test)" })).toBeVisible();
        await shot(page, "sandbox-checkout");
      });
    });
  }
}
