import { expect, test } from "@playwright/test";
import { robotById } from "./chat-support";
import { waitForOfflineReady } from "./pwa-support";
import { DEMO_TAGS } from "./support";

test("the worker is served at /sw.js as uncached JavaScript, with the build's version file", async ({ request }) => {
  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toMatch(/javascript/);
  expect(sw.headers()["cache-control"]).toBe("no-cache");
  // It precaches the shell (the build's files and the offline page) and never a /v1 answer.
  const source = await sw.text();
  expect(source).toContain('"/~offline"');
  expect(source).toMatch(/\/_next\/static\/chunks\/[^"]+\.js/);
  expect(source).not.toMatch(/url:\s*"\/v1\//);

  const version = await request.get("/build-version.json");
  expect(version.headers()["cache-control"]).toBe("no-cache");
  expect((await version.json()).version).toMatch(/\S/);
});

test("after one visit a page opens offline; a page never seen shows the offline page with recent chats", async ({
  page,
  context,
  request,
}) => {
  const robot = await robotById(request, 1);
  await page.goto(`/character/chat/${robot.id}`);
  await expect(page.getByRole("heading", { name: robot.name }).first()).toBeVisible();
  await waitForOfflineReady(page);
  await page.goto(`/character/${robot.id}`);
  await expect(page.getByRole("heading", { level: 1, name: robot.name })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: robot.name })).toBeVisible();

  await page.goto(`/tag/${DEMO_TAGS[1]!.key}`);
  await expect(page.getByRole("heading", { level: 1, name: "You're offline" })).toBeVisible();
  const recent = page.getByRole("region", { name: "Your recent chats" });
  await expect(recent.getByRole("link", { name: robot.name })).toHaveAttribute("href", `/character/chat/${robot.id}`);

  // The chat page was seen before, so it opens from the list while still offline.
  await recent.getByRole("link", { name: robot.name }).click();
  await expect(page).toHaveURL(`/character/chat/${robot.id}`);
  await expect(page.getByRole("heading", { name: robot.name }).first()).toBeVisible();
  await context.setOffline(false);
});

test("API answers and payment pages are never stored by the worker", async ({ page, request }) => {
  const robot = await robotById(request, 2);
  await page.goto("/");
  await waitForOfflineReady(page);
  await page.goto(`/search?q=${encodeURIComponent(robot.name)}`);
  await expect(page.getByRole("list", { name: "Search results" })).toBeVisible();
  // The chat page reads the API from the browser (its models, its history).
  const apiRead = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith("/v1/"));
  await page.goto(`/character/chat/${robot.id}`);
  await apiRead;
  await page.goto("/payment/cancel");
  const stored = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.filter((p) => p.startsWith("/v1/") && !p.startsWith("/v1/avatar/"))).toEqual([]);
  expect(stored.filter((p) => p.startsWith("/payment"))).toEqual([]);
});
