import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { waitForOfflineReady } from "./pwa-support";
import { buildSecondCopy, startBuiltServer } from "./second-build";

// Its own origin, beside the suite's servers (the app on KEWL_E2E_PORT, then the OIDC provider and the model stub).
const PORT = Number(process.env.KEWL_E2E_PORT ?? 3210) + 3;
const ORIGIN = `http://127.0.0.1:${PORT}`;

test("a new build on the same origin brings 'New Version Available'; Later hides it, Reload switches builds", async ({
  page,
}) => {
  // Most of this is the second production build (a minute or two on a busy machine).
  test.setTimeout(480_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-update-data-"));
  const secondId = `e2e-${Date.now().toString(36)}`;
  const secondBuild = buildSecondCopy(secondId);
  let secondDir: string | undefined;
  try {
    const first = await startBuiltServer(process.cwd(), PORT, dataDir);
    try {
      await page.goto(`${ORIGIN}/`);
      await waitForOfflineReady(page);
    } finally {
      await first.stop();
    }
    const firstId = await page.locator('meta[name="kewl-build"]').getAttribute("content");
    secondDir = await secondBuild;
    expect(firstId).not.toBe(secondId);

    const second = await startBuiltServer(secondDir, PORT, dataDir);
    try {
      const toast = page.getByRole("status").filter({ hasText: "New Version Available" });
      // Coming back to the tab checks for a new build; the toast waits for the new worker to install.
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await expect(toast).toBeVisible({ timeout: 60_000 });

      await toast.getByRole("button", { name: "Later" }).click();
      await expect(toast).toBeHidden();
      expect(await page.evaluate(() => sessionStorage.getItem("kewl.update-later"))).toBe("1");

      // A new browser session (here: the flag cleared) offers it again.
      await page.evaluate(() => {
        sessionStorage.removeItem("kewl.update-later");
        document.dispatchEvent(new Event("visibilitychange"));
      });
      await expect(toast).toBeVisible();
      const reloaded = page.waitForEvent("load");
      await toast.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect(page.locator('meta[name="kewl-build"]')).toHaveAttribute("content", secondId);
      // The second build's worker took over.
      const controller = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return { controlled: navigator.serviceWorker.controller !== null, waiting: reg.waiting !== null };
      });
      expect(controller).toEqual({ controlled: true, waiting: false });
      await expect(toast).toBeHidden();
    } finally {
      await second.stop();
    }
  } finally {
    await secondBuild.catch(() => undefined);
    if (secondDir) fs.rmSync(secondDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
