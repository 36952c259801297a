import { expect, test } from "@playwright/test";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

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

test("a listing's page past its last answers 404, not an empty list", async ({ request }) => {
  expect((await request.get("/?page=2")).status()).toBe(200);
  for (const path of ["/", "/tag/fantasy", "/search?q=dragon"]) {
    const join = path.includes("?") ? "&" : "?";
    expect((await request.get(`${path}${join}page=1`)).status(), path).toBe(200);
    expect((await request.get(`${path}${join}page=99`)).status(), path).toBe(404);
  }
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

// Route params and queries with a NUL (Postgres refuses it in text), another C0 control or a broken
// percent-encoding are a 404, never a 500; that includes a bare "%", which Next's router answers with a 500 of its
// own unless server/page-path.ts escapes it first.
const BAD_PAGE_URLS = [
  "/profile/%",
  "/profile/%E0%A4%A",
  "/profile/a%00b",
  "/profile/%01",
  "/tag/%",
  "/tag/%E0%A4%A",
  "/tag/a%00b",
  "/tag/%1F",
  "/search?q=%00",
  "/search?q=a%00b",
  "/search?q=a%07",
  "/character/%",
  "/character/%00",
  "/character/1%00",
  "/character/%E0%A4%A",
  "/character/chat/%",
  "/character/chat/%00",
  "/character/chat/1%00",
  "/character/chat/%E0%A4%A",
  "/about-us%",
  "/%E0%A4%A",
];
for (const url of BAD_PAGE_URLS) {
  test(`${url} answers 404`, async ({ request }) => {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
  });
}

// Read leniently (a search for the text as decoded, the first page), but never a 500.
const LENIENT_URLS = [
  "/search?q=%E0%A4%A",
  "/search?q=%",
  "/?page=%00",
  "/tag/fantasy?page=%E0%A4%A",
  "/character/%00/opengraph-image",
  "/character/%E0%A4%A/opengraph-image",
  "/character/%/opengraph-image",
];
for (const url of LENIENT_URLS) {
  test(`${url} never answers 500`, async ({ request }) => {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status()).toBeLessThan(500);
  });
}

const BAD_API_URLS = [
  "/v1/avatar/lorelei/%00.svg",
  "/v1/avatar/lorelei/%E0%A4%A.svg",
  "/v1/avatar/lorelei/%.svg",
  "/v1/tag/%00",
];
for (const url of BAD_API_URLS) {
  test(`the API path ${url} answers 400 in the envelope`, async ({ request }) => {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ code: 400, data: null });
  });
}
