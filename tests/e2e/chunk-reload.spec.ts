import { expect, type Browser, test } from "@playwright/test";
import { hydrated } from "./support";

/**
 * The build files home needs to render and hydrate, seen on a clock that stands still after hydration, so the
 * code fetched later (the account dialogs 3 s after load, the toaster) is not among them.
 */
async function firstLoadFiles(browser: Browser, baseURL: string): Promise<Set<string>> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const urls = new Set<string>();
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/_next/static/")) urls.add(request.url());
  });
  await page.clock.install();
  await page.goto("/");
  await expect.poll(() => hydrated(page)).toBe(true);
  await page.clock.pauseAt(Date.now() + 1000);
  await page.waitForLoadState("networkidle");
  await context.close();
  return urls;
}

test("a chunk that fails to load reloads the page once, and not again within 10 s", async ({
  browser,
  page,
  baseURL,
}) => {
  const firstLoad = await firstLoadFiles(browser, baseURL!);
  expect(firstLoad.size).toBeGreaterThan(0);

  // Every build file loaded after the first render fails, as when a deploy has removed the old build's chunks.
  const failed: string[] = [];
  await page.route("**/_next/static/**", (route) => {
    if (firstLoad.has(route.request().url())) return route.continue();
    failed.push(route.request().url());
    return route.abort("failed");
  });
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(request.url());
  });
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("[kewl] a script chunk failed")) warnings.push(message.text());
  });
  // Date stands still (timers run): the whole test happens within the guard's 10 s.
  await page.clock.setFixedTime(new Date("2026-06-01T12:00:00Z"));

  // The account dialogs' code is fetched 3 s after load: it fails, and the page reloads.
  await page.goto("/");
  await expect.poll(() => documents.length).toBe(2);
  await expect.poll(() => warnings).toEqual(["[kewl] a script chunk failed to load; reloading the page"]);
  expect(failed.length).toBeGreaterThan(0);

  // After the reload the same code fails again: no second reload.
  await expect.poll(() => warnings.length).toBe(2);
  expect(warnings[1]).toBe("[kewl] a script chunk failed to load again within 10 s; not reloading");
  // Opening the sign-in dialog needs that code: the error page says so, and still nothing reloads.
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("error-message")).toContainText("Failed to load chunk");
  expect(documents).toHaveLength(2);
  expect(warnings).toHaveLength(2);
});
