import { expect, test } from "@playwright/test";

const GOOGLEBOT =
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test("an unknown path answers 404 with the message and a way home", async ({ page }) => {
  const response = await page.goto("/definitely/missing");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /definitely/missing")).toBeVisible();

  const home = page.getByRole("link", { name: "Go back home" });
  await expect(home).toHaveAttribute("href", "/");
  await home.click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Page Not Found")).toHaveCount(0);
});

for (const path of ["/character/999999999", "/tag/no-such-tag"]) {
  test(`${path} answers 404 with the error page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
  });
}

test("a crawler gets the 404 status and message without the interactive error page", async ({ request }) => {
  const response = await request.get("/definitely/missing", { headers: { "user-agent": GOOGLEBOT } });
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain("Page Not Found: /definitely/missing");
  expect(html).not.toContain("Go back home");
});

test("a crawler's browser shows the message and no link home", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ userAgent: GOOGLEBOT, baseURL });
  const page = await context.newPage();
  const response = await page.goto("/definitely/missing");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Page Not Found: /definitely/missing")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go back home" })).toHaveCount(0);
  await context.close();
});

test("an unknown /v1 path answers 404 in the JSON envelope", async ({ request }) => {
  const response = await request.get("/v1/nope");
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toMatchObject({ code: 404, data: null });
});
