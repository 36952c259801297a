import { expect, test, type Locator, type Page } from "@playwright/test";
import { chatViaApi, signedInUser, type TestSession } from "./chat-support";
import { DESKTOP, MOBILE } from "./support";

/**
 * The chat on a phone (issue 15 item 3): below 640px the chat's header stands in for the site header (with a
 * back arrow), the messages keep most of the height with the on-screen keyboard open, and a long name and the
 * model label stay readable. From 640px the site header stays.
 */

/** What a phone keyboard leaves of a 390×844 window (about 340px of keyboard and its suggestion bar). */
const KEYBOARD_OPEN_HEIGHT = 500;
const MIN_LOG_SHARE = 0.7;
/** 60 characters, the longest name a character may have. */
const LONG_NAME = "Captain Aurelia Montgomery-Vantablack of the Outer Rim Fleet";

const composer = (page: Page) => page.getByRole("textbox", { name: /^Message / });
const log = (page: Page) => page.getByRole("log");
const modelButton = (page: Page) => page.getByRole("button", { name: /^Model: / });
const backLink = (page: Page) => page.locator("[data-chat-header]").getByRole("link", { name: "Back", exact: true });

async function openChat(page: Page, id: number | string = 1): Promise<void> {
  await page.goto(`/character/chat/${id}`);
  await expect(modelButton(page)).toBeEnabled();
}

async function box(target: Locator) {
  const found = await target.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

async function composerBottom(page: Page): Promise<number> {
  const found = await composer(page).boundingBox();
  return found ? found.y + found.height : Number.POSITIVE_INFINITY;
}

/** The window's own scroll: the page behind the chat must never move. */
function pageScroll(page: Page) {
  return page.evaluate(() => ({
    y: window.scrollY,
    overflow: document.documentElement.scrollHeight - document.documentElement.clientHeight,
  }));
}

/** The log's height as a share of `visible` pixels, with the composer's bottom inside them (above the keyboard). */
async function expectRoomForMessages(page: Page, visibleTop: number, visibleHeight: number): Promise<number> {
  const logBox = await box(log(page));
  const composerBox = await box(composer(page));
  expect(logBox.y).toBeGreaterThanOrEqual(visibleTop);
  expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(visibleTop + visibleHeight);
  const share = logBox.height / visibleHeight;
  expect(share).toBeGreaterThanOrEqual(MIN_LOG_SHARE);
  return share;
}

test.describe("at 390px", () => {
  test.use({ viewport: MOBILE, hasTouch: true });

  test("the site header and its tab bar give way to the chat's header", async ({ page }) => {
    await openChat(page);
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.locator("[data-chat-header]")).toBeVisible();
    expect((await box(page.locator("[data-chat-header]"))).y).toBe(0);
    await expect(backLink(page)).toBeVisible();
    // The chat route's 404 is an ordinary page: it keeps the site header.
    await page.goto("/character/chat/999999");
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("keyboard open (the layout viewport shrinks, as interactive-widget=resizes-content asks): the log keeps 70%", async ({
    page,
    request,
  }) => {
    // Signed in: the header's second line (free replies, coins) is there.
    await signedInUser(page, request, "keyboard");
    await openChat(page);
    await expect(page.getByTestId("wallet-status")).toBeVisible();
    await composer(page).focus();
    // Chrome and Firefox on Android resize the layout viewport for the keyboard, as this does.
    await page.setViewportSize({ width: MOBILE.width, height: KEYBOARD_OPEN_HEIGHT });
    await expect.poll(() => page.evaluate(() => window.innerHeight)).toBe(KEYBOARD_OPEN_HEIGHT);
    // The box follows the visual viewport's resize event, which comes at the next frame after the window's resize.
    await expect.poll(async () => composerBottom(page)).toBeLessThanOrEqual(KEYBOARD_OPEN_HEIGHT);
    const share = await expectRoomForMessages(page, 0, KEYBOARD_OPEN_HEIGHT);
    test.info().annotations.push({ type: "log share, resized layout", description: share.toFixed(3) });
    await expect(composer(page)).toBeFocused();
    expect(await pageScroll(page)).toEqual({ y: 0, overflow: 0 });
  });

  test("keyboard open (only the visual viewport shrinks and shifts, as Safari on iOS does): the chat follows it", async ({
    page,
    request,
  }) => {
    await signedInUser(page, request, "keyboard-ios");
    // A stand-in window.visualViewport the test moves, as iOS moves the real one: the layout viewport keeps its
    // 844px, the visible part shrinks to what the keyboard leaves and may be scrolled down within it.
    await page.addInitScript(() => {
      const fake = Object.assign(new EventTarget(), {
        offsetTop: 0,
        offsetLeft: 0,
        pageTop: 0,
        pageLeft: 0,
        width: window.innerWidth,
        height: window.innerHeight,
        scale: 1,
        onresize: null,
        onscroll: null,
        onscrollend: null,
      });
      Object.defineProperty(window, "visualViewport", { value: fake, configurable: true });
      Object.defineProperty(window, "__moveVisualViewport", {
        value: (height: number, offsetTop: number, type: "resize" | "scroll") => {
          fake.height = height;
          fake.offsetTop = offsetTop;
          fake.dispatchEvent(new Event(type));
        },
      });
    });
    type Mover = (height: number, offsetTop: number, type: "resize" | "scroll") => void;
    const move = (height: number, offsetTop: number, type: "resize" | "scroll") =>
      page.evaluate(
        ([h, t, e]) => (window as unknown as { __moveVisualViewport: Mover }).__moveVisualViewport(h, t, e),
        [height, offsetTop, type] as const,
      );

    await openChat(page);
    await composer(page).focus();
    await move(KEYBOARD_OPEN_HEIGHT, 0, "resize");
    await expect.poll(async () => (await box(composer(page))).y).toBeLessThan(KEYBOARD_OPEN_HEIGHT);
    const share = await expectRoomForMessages(page, 0, KEYBOARD_OPEN_HEIGHT);
    test.info().annotations.push({ type: "log share, visual viewport", description: share.toFixed(3) });

    // Safari scrolled the visible part 120px down: the chat's header and composer move with it.
    await move(KEYBOARD_OPEN_HEIGHT, 120, "scroll");
    await expect.poll(async () => (await box(page.locator("[data-chat-header]"))).y).toBe(120);
    await expectRoomForMessages(page, 120, KEYBOARD_OPEN_HEIGHT);

    // Keyboard closed: the whole window again.
    await move(MOBILE.height, 0, "resize");
    await expect
      .poll(async () => {
        const c = await box(composer(page));
        return MOBILE.height - (c.y + c.height) < 40;
      })
      .toBe(true);
    expect(await pageScroll(page)).toEqual({ y: 0, overflow: 0 });
  });

  test("the back arrow goes where the user came from, or to the character's page when opened directly", async ({
    page,
    request,
  }) => {
    const session = await signedInUser(page, request, "back");
    await chatViaApi(request, session, 1, "Hello there");
    await page.goto("/");
    const recent = page.getByRole("region", { name: "Continue chatting" }).getByRole("link").first();
    await recent.click();
    await expect(page).toHaveURL(/\/character\/chat\/1$/);
    await expect(backLink(page)).toHaveAttribute("href", "/");
    await backLink(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("region", { name: "Continue chatting" })).toBeVisible();

    await openChat(page);
    await expect(backLink(page)).toHaveAttribute("href", "/character/1");
    await backLink(page).click();
    await expect(page).toHaveURL(/\/character\/1$/);
    await expect(page.getByRole("link", { name: "Chat", exact: true })).toBeVisible();
  });

  test("a 60-character name wraps in full and the model label is not cut", async ({ page, request }) => {
    const session = await signedInUser(page, request, "longname");
    const id = await createCharacter(request, session, LONG_NAME);
    await openChat(page, id);
    await expect(page.getByTestId("wallet-status")).toBeVisible();
    await expectReadable(page, LONG_NAME);
    await page.screenshot({ path: test.info().outputPath("long-name-390.png") });

    // Keyboard open: the name keeps to one line (cut with an ellipsis, the whole of it in its title and its
    // accessible name), so the messages keep their room.
    await composer(page).focus();
    await page.setViewportSize({ width: MOBILE.width, height: KEYBOARD_OPEN_HEIGHT });
    const heading = page.getByRole("heading", { level: 1 });
    await expect.poll(async () => (await box(heading)).height).toBeLessThanOrEqual(24);
    await expect(heading).toHaveAccessibleName(LONG_NAME);
    await expect(heading.getByRole("link")).toHaveAttribute("title", LONG_NAME);
    const share = await expectRoomForMessages(page, 0, KEYBOARD_OPEN_HEIGHT);
    test.info().annotations.push({ type: "log share, long name", description: share.toFixed(3) });
    await page.screenshot({ path: test.info().outputPath("long-name-keyboard-390.png") });
  });
});

test("at 320px a long model name is cut in its picker, and the character's name keeps its room", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signedInUser(page, request, "longmodel");
  await openChat(page);
  await expect(page.getByTestId("wallet-status")).toBeVisible();
  // The offline demo model's name (no LLM configured), which the suite's stub model does not have: set on the
  // picker's label as it would render, to check the layout around it.
  await modelButton(page)
    .locator("span")
    .first()
    .evaluate((label) => (label.textContent = "Standard (offline demo)"));
  const picker = await box(modelButton(page));
  expect(picker.x).toBeGreaterThanOrEqual(0);
  expect(picker.x + picker.width).toBeLessThanOrEqual(320);
  // Not drawn over the balance beside it, and the name's column keeps 6.5rem (two words a line, not one).
  const wallet = await box(page.getByTestId("wallet-status"));
  expect(wallet.x + wallet.width).toBeLessThanOrEqual(picker.x);
  expect((await box(page.getByRole("heading", { level: 1 }))).width).toBeGreaterThanOrEqual(104);
});

test.describe("at 1280px", () => {
  test.use({ viewport: DESKTOP });

  test("the site header and its navigation stay; there is no back arrow", async ({ page }) => {
    await openChat(page);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" }).first()).toBeVisible();
    await expect(backLink(page)).toBeHidden();
    const header = await box(page.getByRole("banner"));
    expect((await box(page.locator("[data-chat-header]"))).y).toBe(header.y + header.height);
  });

  test("a long name and the model label are readable", async ({ page, request }) => {
    const session = await signedInUser(page, request, "longname-desktop");
    const id = await createCharacter(request, session, LONG_NAME);
    await openChat(page, id);
    await expectReadable(page, LONG_NAME);
  });
});

async function createCharacter(
  request: Parameters<typeof chatViaApi>[0],
  session: TestSession,
  name: string,
): Promise<number> {
  const res = await request.post("/v1/user/robot/create", {
    data: {
      name,
      avatar: "",
      intro: "Commands a fleet with a very long name.",
      greeting: "Welcome aboard.",
      alternate_greetings: [],
      persona: "Brisk and kind.",
      scenario: "The bridge of a starship.",
      example_dialogue: "",
      tags: [],
      nsfw: false,
      visibility: "unlisted",
    },
    headers: { authorization: `Bearer ${session.token}` },
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data.id as number;
}

/** Nothing of the name or the model label is clipped: no element of them is narrower than its text. */
async function expectReadable(page: Page, name: string): Promise<void> {
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(name);
  const clipped = (el: Element) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
  expect(await heading.evaluate(clipped)).toBe(false);
  // All of it inside the window, on as many lines as it needs.
  const headingBox = await box(heading);
  expect(headingBox.x + headingBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  const label = modelButton(page).locator("span").first();
  await expect(label).toHaveText("Standard");
  expect(await label.evaluate(clipped)).toBe(false);
  await expect(modelButton(page)).toHaveAttribute("title", /^Standard, /);
}
