import type { Page } from "@playwright/test";

/**
 * Waits until the service worker controls the page and has stored the page itself (it registers once the page
 * has settled; its first activation stores the pages already open).
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await page.waitForFunction(
    async () => {
      const names = await caches.keys();
      if (!names.includes("pages")) return false;
      return Boolean(await (await caches.open("pages")).match(location.href));
    },
    null,
    { timeout: 30_000 },
  );
}
