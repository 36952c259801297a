import { expect, type Page, test } from "@playwright/test";
import { clickUntil, MOBILE } from "./support";
import { directives } from "../support/csp-directives";

/** Every kind of page: catalogue, character, chat, static text, payment tabs, OAuth return, event, 404s. */
const PAGES = [
  { path: "/", status: 200 },
  { path: "/tag/fantasy", status: 200 },
  { path: "/search?q=dragon", status: 200 },
  { path: "/character/1", status: 200 },
  { path: "/character/chat/1", status: 200 },
  { path: "/faq", status: 200 },
  { path: "/age-verification", status: 200 },
  { path: "/reset-password", status: 200 },
  { path: "/payment/loading", status: 200 },
  { path: "/payment/callback", status: 200 },
  { path: "/auth/callback", status: 200 },
  { path: "/event/halloween-2025", status: 200 },
  { path: "/definitely/missing", status: 404 },
  { path: "/icons/missing", status: 404 },
] as const;

interface Violation {
  directive: string;
  target: string;
}

declare global {
  interface Window {
    __injected?: number;
    __injectedHandler?: number;
    __violations?: Violation[];
    /** Resolves once the page has reported a violation of each directive asked for. */
    __violationsOf?: (directives: string[]) => Promise<Violation[]>;
  }
}

/** Records every CSP violation the document reports (init scripts run outside the page's CSP). */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    const waiters: Array<() => void> = [];
    window.__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      const target = event.target instanceof Element ? event.target.outerHTML.slice(0, 120) : "document";
      seen.push({ directive: event.effectiveDirective, target });
      for (const wake of waiters.splice(0)) wake();
    });
    window.__violationsOf = (wanted) =>
      new Promise((resolve) => {
        const check = () => {
          if (wanted.every((d) => seen.some((v) => v.directive === d))) resolve([...seen]);
          else waiters.push(check);
        };
        check();
      });
  });
}

/** True once React has hydrated the document (it marks hydrated DOM nodes with its fiber key). */
const hydrated = (page: Page) =>
  page.evaluate(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber")));

for (const { path, status } of PAGES) {
  test(`${path} answers a nonce CSP that changes per request and is on every script`, async ({ request }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await request.get(path);
      expect(response.status()).toBe(status);
      const headers = response.headers();
      const csp = directives(headers["content-security-policy"] ?? "");
      const scriptSrc = csp.get("script-src") ?? [];
      expect(scriptSrc).toContain("'strict-dynamic'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'none'"]);
      expect(csp.get("form-action")).toEqual(["'self'"]);
      // No AVATAR_HOSTS on the test server: our own images and data: captchas only.
      expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
      // The test server is plain http (PUBLIC_BASE_URL http://…): no HSTS, no upgrade of our own requests.
      expect(headers["strict-transport-security"]).toBeUndefined();
      expect(csp.has("upgrade-insecure-requests")).toBe(false);

      const nonce = scriptSrc.map((s) => /^'nonce-(.+)'$/.exec(s)?.[1]).find(Boolean);
      expect(nonce, "script-src has a nonce").toBeTruthy();
      nonces.push(nonce!);

      const scripts = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length, "Next's scripts are in the page").toBeGreaterThan(1);
      for (const tag of scripts) expect(tag).toContain(` nonce="${nonce}"`);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test(`${path} hydrates in Chromium with no CSP violation`, async ({ page }) => {
    await recordViolations(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await page.evaluate(() => window.__violations)).toEqual([]);
  });
}

test("a script injected into the page does not run, is reported, and the page still works", async ({ page }) => {
  await page.route(
    (url) => url.pathname === "/",
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<body[^>]*>/,
        (body) =>
          `${body}<script data-injected>window.__injected = 1</script>` +
          `<img data-injected src="data:," onerror="window.__injectedHandler = 1" alt="">`,
      );
      // The server's own headers, CSP included.
      await route.fulfill({ response, body: html });
    },
  );
  await recordViolations(page);
  await page.goto("/");
  expect(await page.locator("[data-injected]").count(), "the injection reached the document").toBe(2);
  // Both would have run by the load event that goto waited for.
  expect(await page.evaluate(() => [window.__injected, window.__injectedHandler])).toEqual([undefined, undefined]);

  const violations = await page.evaluate(() => window.__violationsOf!(["script-src-elem", "script-src-attr"]));
  for (const v of violations)
    expect(v.target, `${v.directive} blocked something we did not inject`).toContain("data-injected");

  // Next's scripts (with the nonce) still run: the sign-in dialog opens.
  await clickUntil(
    page.getByRole("banner").getByRole("button", { name: "Sign in" }),
    page.getByRole("dialog", { name: "Welcome" }),
  );
  expect(await page.evaluate(() => [window.__injected, window.__injectedHandler])).toEqual([undefined, undefined]);
});

test("the drawer, the captcha image and the theme toggle work at 390px with no CSP violation", async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await recordViolations(page);
  await page.goto("/");
  const welcome = page.getByRole("dialog", { name: "Welcome" });
  await clickUntil(page.getByRole("banner").getByRole("button", { name: "Sign in" }), welcome);
  expect(await welcome.evaluate((el) => el.closest("[data-vaul-drawer]") !== null), "vaul's drawer at 390px").toBe(
    true,
  );
  await welcome.getByLabel("Email", { exact: true }).fill(`csp-${Date.now().toString(36)}@example.test`);
  await welcome.getByRole("button", { name: "Continue", exact: true }).click();
  const captcha = page.getByRole("dialog", { name: "Create account" }).getByTestId("captcha-image");
  // A data: URL image: shown, not blocked.
  await expect.poll(() => captcha.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const toggle = page.getByRole("banner").getByRole("button", { name: /^Theme: / });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-label", "Theme: Light");
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
});
