import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import type { StoredEvent } from "../../server/modules/analytics/read-events";
import { createUser, signInBrowser } from "./chat-support";

/** playwright.config.ts gives the server this token for the collector's read API. */
const READ_TOKEN = "e2e-analytics-read-token";
const DAY_MS = 24 * 60 * 60 * 1000;
/** Batches go every 6 s (SPEC §9) and the collector writes within 1-2 s. */
const ARRIVAL = { timeout: 30_000, intervals: [500, 1000] };

declare global {
  interface Window {
    __e2eSdkAtLoad?: boolean;
    __e2eCspViolations?: string[];
  }
}

async function storedEvents(request: APIRequestContext, event: string, since: number): Promise<StoredEvent[]> {
  const query = new URLSearchParams({ event, since: String(since), limit: "500" });
  const res = await request.get(`/v1/analytics/events?${query}`, {
    headers: { Authorization: `Bearer ${READ_TOKEN}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  expect(body.code).toBe(0);
  return body.data.items as StoredEvent[];
}

/** This browser's events named `event` since `since` (other tests' browsers send theirs to the same database). */
async function eventsOf(request: APIRequestContext, event: string, since: number, distinctId: string) {
  return (await storedEvents(request, event, since)).filter((e) => e.distinct_id === distinctId);
}

/** The SDK's visitor cookie: the browser's distinct id, and when the cookie expires (ms). */
async function visitorCookie(page: Page): Promise<{ distinctId: string; expires: number }> {
  const cookie = (await page.context().cookies()).find((c) => c.name.startsWith("sa_jssdk_2015_"));
  expect(cookie, "the SDK's visitor cookie").toBeDefined();
  const value = JSON.parse(decodeURIComponent(cookie!.value)) as { distinct_id: string };
  return { distinctId: value.distinct_id, expires: cookie!.expires * 1000 };
}

/** Resolves with the SDK's first request to the collector. */
function firstSend(page: Page) {
  return page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/v1/sa"));
}

test("page views, a labelled click, errors and one performance record arrive in the database", async ({
  page,
  request,
}) => {
  const since = Date.now() - 60_000;
  const marker = `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.addInitScript(() => {
    window.__e2eCspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__e2eCspViolations?.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
    window.addEventListener("load", () => {
      window.__e2eSdkAtLoad = "sensorsDataAnalytic201505" in window;
    });
  });

  const sent = firstSend(page);
  await page.goto("/");
  await sent;

  // The SDK was not there when the load event fired, and its first request started after the load event ended.
  expect(await page.evaluate(() => window.__e2eSdkAtLoad)).toBe(false);
  const order = () =>
    page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const send = performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname.startsWith("/v1/sa"));
      return { loadEnd: nav.loadEventEnd, sendStart: send?.startTime ?? -1 };
    });
  // The request's timing entry is added once its answer is in.
  await expect.poll(async () => (await order()).sendStart).toBeGreaterThanOrEqual(0);
  const { loadEnd, sendStart } = await order();
  expect(loadEnd).toBeGreaterThan(0);
  expect(sendStart).toBeGreaterThanOrEqual(loadEnd);

  // SPEC §9: the visitor cookie lives 360 days.
  const visitor = await visitorCookie(page);
  expect((visitor.expires - Date.now()) / DAY_MS).toBeCloseTo(360, 0);

  // A character tag on the home page: position "index", the tag's key.
  await page.getByRole("navigation", { name: "Tags" }).getByRole("link", { name: "Fantasy" }).click();
  await page.waitForURL("/tag/fantasy");

  // Ignored first (fbclid, an extension), then the real ones: once those are stored, the ignored ones would be too.
  await page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(`bad link ?fbclid=IwAR ${m}`);
    });
    setTimeout(() => {
      const error = new Error(`extension ${m}`);
      error.stack = `Error: extension ${m}\n    at run (chrome-extension://abcdefghijklmnop/content.js:1:1)`;
      throw error;
    });
  }, marker);
  await page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(`boom ${m}`);
    });
    setTimeout(() => void Promise.reject(new Error(`rejected ${m}`)));
    // Not under /_next/static: a build file that fails to load reloads the page (the chunk reload guard).
    const script = document.createElement("script");
    script.src = `/assets/missing-${m}.js`;
    document.head.append(script);
  }, marker);

  await expect
    .poll(
      async () => (await eventsOf(request, "$pageview", since, visitor.distinctId)).map((e) => e.path).sort(),
      ARRIVAL,
    )
    .toEqual(["/", "/tag/fantasy"]);

  const clicks = await eventsOf(request, "kewlweb_click", since, visitor.distinctId);
  expect(clicks.map((e) => e.properties)).toContainEqual(
    expect.objectContaining({ position: "index", item: "fantasy", $url_path: "/" }),
  );

  const mine = (e: StoredEvent) =>
    String(e.properties.message ?? "").includes(marker) || String(e.properties.source ?? "").includes(marker);
  await expect
    .poll(async () => {
      const errors = (await eventsOf(request, "kewlweb_onerror", since, visitor.distinctId)).filter(mine);
      return errors.map((e) => `${e.properties.type} ${e.properties.message}`).sort();
    }, ARRIVAL)
    .toEqual([
      `error Uncaught Error: boom ${marker}`,
      `resource Failed to load script /assets/missing-${marker}.js`,
      `unhandledrejection Error: rejected ${marker}`,
    ]);
  const errors = (await eventsOf(request, "kewlweb_onerror", since, visitor.distinctId)).filter(mine);
  for (const error of errors) expect(error.properties.page).toBe("/tag/fantasy");
  expect(errors.find((e) => e.properties.type === "resource")?.properties.source).toMatch(
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+/assets/missing-${marker}\\.js$`),
  );

  // One performance record for the one page load (the tag page came by client-side navigation), on the page loaded.
  const perfRecords = await eventsOf(request, "kewlweb_performance", since, visitor.distinctId);
  expect(perfRecords).toHaveLength(1);
  expect(perfRecords[0]!.path).toBe("/");
  const figures = perfRecords[0]!.properties;
  for (const name of ["dns", "tcp", "request", "white_screen", "dom_ready", "load", "first_screen", "fcp"]) {
    expect(typeof figures[name], name).toBe("number");
    expect(figures[name] as number, name).toBeGreaterThanOrEqual(0);
  }
  expect(figures.load as number).toBeGreaterThanOrEqual(figures.dom_ready as number);
  expect(figures.fcp as number).toBeGreaterThan(0);

  // The SDK did all of this within the pages' CSP (no image sends, no scripts of its own).
  expect(await page.evaluate(() => window.__e2eCspViolations)).toEqual([]);
});

test("the signed-in user's uid is the login id, with nothing else about them; signing out ends it", async ({
  page,
  request,
}) => {
  const since = Date.now() - 60_000;
  const session = await createUser(request, "analytics");
  await signInBrowser(page, session);
  const sent = firstSend(page);
  await page.goto("/");
  await sent;

  await expect
    .poll(async () => {
      const views = await storedEvents(request, "$pageview", since);
      return views.filter((e) => e.login_id === session.profile.uid).map((e) => e.path);
    }, ARRIVAL)
    .toContain("/");
  const views = (await storedEvents(request, "$pageview", since)).filter((e) => e.login_id === session.profile.uid);
  const text = JSON.stringify(views);
  expect(text).not.toContain(session.email);
  expect(text).not.toContain(session.profile.key);

  await page.getByRole("button", { name: "Account" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  // Signed in, the SDK's distinct id is the uid; signing out gives the anonymous one back.
  await expect.poll(async () => (await visitorCookie(page)).distinctId).not.toBe(session.profile.uid);
  const anonymous = await visitorCookie(page);
  await page.getByRole("banner").getByRole("link", { name: "Search" }).first().click();
  await page.waitForURL("/search");

  await expect
    .poll(async () => (await eventsOf(request, "$pageview", since, anonymous.distinctId)).map((e) => e.path), ARRIVAL)
    .toContain("/search");
  const after = (await eventsOf(request, "$pageview", since, anonymous.distinctId)).filter((e) => e.path === "/search");
  expect(after.every((e) => !e.login_id)).toBe(true);
});

test("what the user typed into a search never leaves with the page address or title", async ({ page, request }) => {
  const since = Date.now() - 60_000;
  const typed = `dragon${Date.now().toString(36)}`;
  const sent = firstSend(page);
  await page.goto(`/search?q=${typed}&utm_campaign=spring`);
  await sent;
  const visitor = await visitorCookie(page);

  await expect
    .poll(async () => (await eventsOf(request, "$pageview", since, visitor.distinctId)).length, ARRIVAL)
    .toBeGreaterThan(0);
  const [view] = await eventsOf(request, "$pageview", since, visitor.distinctId);
  expect(JSON.stringify(view)).not.toContain(typed);
  expect(view!.properties).toMatchObject({ $url_path: "/search", $utm_campaign: "spring", $title: "" });
  expect(view!.properties.$url).toMatch(/\/search\?utm_campaign=spring$/);
});

test("the page-leave plugin listens to pagehide, never to the deprecated unload (it blocks the back/forward cache)", async ({
  page,
}) => {
  const sent = firstSend(page);
  await page.goto("/");
  await sent; // the SDK and its plugins are set up
  const cdp = await page.context().newCDPSession(page);
  const { result } = await cdp.send("Runtime.evaluate", { expression: "window" });
  const { listeners } = await cdp.send("DOMDebugger.getEventListeners", { objectId: result.objectId! });
  const types = listeners.map((l) => l.type);
  expect(types).toContain("pagehide");
  expect(types).not.toContain("unload");
});
