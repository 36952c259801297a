import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, test } from "@playwright/test";

interface ManifestImage {
  src: string;
  sizes?: string;
  type?: string;
}

interface Manifest {
  icons: ManifestImage[];
  screenshots: ManifestImage[];
  shortcuts: { url: string; icons?: ManifestImage[] }[];
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, which always comes first after the signature. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), "PNG signature").toBe(true);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function fetchManifest(request: APIRequestContext): Promise<Manifest> {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  return (await response.json()) as Manifest;
}

// Chromium installs nothing from an off-the-record profile ("in-incognito"), and Playwright's contexts are
// exactly that: this test runs in a profile on disk, like a person's browser.
test("Chromium reports no installability errors for the site", async ({ playwright, launchOptions, baseURL }) => {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-installable-"));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await expect(page.getByRole("main")).toBeVisible();
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    // And the manifest Chromium read is ours, parsed without complaint.
    const { url, errors, parsed } = await cdp.send("Page.getAppManifest", {});
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    expect(parsed?.scope).toBe(`${baseURL}/`);
    // The page links the manifest, and the Apple tags point at a PNG.
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
    await expect(page.locator('meta[name="mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute("content", "Kewl");
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test("every PNG the manifest and the Apple tags name is served at its declared size", async ({ request }) => {
  const manifest = await fetchManifest(request);
  const images = [
    ...manifest.icons,
    ...manifest.screenshots,
    ...manifest.shortcuts.flatMap((s) => s.icons ?? []),
    { src: "/icons/apple-touch-icon.png", sizes: "180x180", type: "image/png" },
  ].filter((image) => image.type === "image/png");
  expect(images.length).toBeGreaterThanOrEqual(11);
  for (const image of images) {
    const response = await request.get(image.src);
    expect(response.status(), image.src).toBe(200);
    expect(response.headers()["content-type"], image.src).toBe("image/png");
    expect(pngSize(await response.body()), image.src).toBe(image.sizes);
  }
  // The shortcuts open pages that exist.
  for (const { url } of manifest.shortcuts) expect((await request.get(url)).status(), url).toBe(200);
});
