import { expect, test } from "@playwright/test";
import { brandLink } from "./support";

const DEFAULT_LAYOUT = ["/", "/search", "/create", "/character/1"];
const BLANK_LAYOUT = [
  "/faq",
  "/terms",
  "/privacy",
  "/about-us",
  "/cookie-policy",
  "/age-verification",
  "/payment/loading",
  "/payment/cancel",
  "/blog/experience-personalized-ai-chat-with-hot-girls-for-ultimate-fun",
];

for (const path of DEFAULT_LAYOUT) {
  test(`${path} uses the default layout with the site header`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(brandLink(page)).toHaveAttribute("href", "/");
    await expect(page.getByRole("main")).toBeVisible();
  });
}

for (const path of BLANK_LAYOUT) {
  test(`${path} uses the blank layout without the site header`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
  });
}

test("/event/halloween-2025 uses the empty layout without the site header", async ({ page }) => {
  const response = await page.goto("/event/halloween-2025");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(0);
});

test("the web manifest is linked and is JSON with a name and icons", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");

  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as { name?: string; icons?: Array<{ src: string }> };
  expect(manifest.name).toEqual(expect.any(String));
  expect(manifest.icons?.length).toBeGreaterThan(0);
  for (const icon of manifest.icons ?? []) {
    expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  }
});

test("/v1/health reports the database up", async ({ request }) => {
  const response = await request.get("/v1/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ code: 0, data: { database: { status: "up" } } });
});
