import { expect, type Page, type Request, type Route, test } from "@playwright/test";
import { DESKTOP, hydrated, MOBILE } from "./support";

const isPrefetch = (request: Request) => request.headers()["next-router-prefetch"] !== undefined;

/**
 * Holds back the answers to route prefetches, so every prefetch the router starts stays in flight until the test
 * lets it finish: how many are held then is how many the router runs at once, whatever the network's speed.
 */
async function holdPrefetches(page: Page) {
  const held: Route[] = [];
  let total = 0;
  await page.route("**/*", (route) => {
    if (!isPrefetch(route.request())) return route.fallback();
    total++;
    held.push(route);
  });
  return {
    held: () => held.length,
    total: () => total,
    /** Lets the oldest held prefetch through and waits until its answer has arrived. */
    finishOne: async () => {
      const route = held.shift();
      if (!route) return;
      const request = route.request();
      const finished = Promise.race([
        page.waitForEvent("requestfinished", (r) => r === request),
        page.waitForEvent("requestfailed", (r) => r === request),
      ]);
      await route.continue();
      await finished;
    },
  };
}

/**
 * A request the page makes after the events just dispatched have been handled: the router starts its prefetches
 * in a microtask after a hover, so they reach the network before this one does.
 */
async function barrier(page: Page): Promise<void> {
  await Promise.all([
    page.waitForRequest((r) => r.url().endsWith("/v1/health?barrier")),
    page.evaluate(() => fetch("/v1/health?barrier").then(() => undefined)),
  ]);
}

for (const viewport of [DESKTOP, MOBILE]) {
  test(`at ${viewport.width}px, route prefetches run at most 4 at a time, hovering cards included`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const prefetches = await holdPrefetches(page);
    await page.goto("/");
    await expect.poll(() => hydrated(page)).toBe(true);
    // The visible links fill the router's queue…
    await expect.poll(() => prefetches.held()).toBe(4);

    // …and hovering one card after another, quickly, starts nothing beyond it.
    const cards = page.getByRole("main").locator('a[href^="/character/"]');
    expect(await cards.count()).toBeGreaterThanOrEqual(8);
    for (let i = 0; i < 8; i++) await cards.nth(i).hover();
    await barrier(page);
    let most = prefetches.held();

    // Then each prefetch that finishes makes room for one more, never more: until the queue is empty.
    while (prefetches.held() > 0) {
      await prefetches.finishOne();
      await barrier(page);
      most = Math.max(most, prefetches.held());
    }
    expect(most).toBe(4);
    expect(prefetches.total()).toBeGreaterThan(8);

    // The links still navigate in the page, without loading a new document.
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url());
    });
    const href = await cards.first().getAttribute("href");
    await cards.first().click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(documents).toEqual([]);
  });
}
