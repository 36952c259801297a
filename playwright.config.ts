import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { TEST_CLIENT } from "./tests/e2e/oidc-test-provider.mjs";

/**
 * End-to-end tests: one real server process (`node scripts/start.mjs`, which builds first when there is no
 * current build) on port 3210, driven by Debian's Chromium. Its language model is the OpenAI-compatible stub
 * (tests/support/openai-stub-server.mjs) on port 3212, so chat replies are deterministic and directives in a
 * message ([[slow]], [[fail]], [[markdown]]…) drive the cases.
 *
 * The e2e run always uses the embedded PGlite database in a fresh temporary DATA_DIR, so every run starts from
 * the auto-seeded demo catalogue. The Postgres path (DATABASE_URL) is covered by the integration suite, which
 * creates a throwaway database per run; doing that here would need a database created before `webServer`
 * starts, and Playwright starts the web server before any globalSetup can run.
 */
// KEWL_E2E_PORT moves all three servers (app, OIDC provider, model stub) so two checkouts can run side by side.
const PORT = Number(process.env.KEWL_E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const OIDC_PORT = PORT + 1;
const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
const LLM_STUB_PORT = PORT + 2;
const LLM_BASE_URL = `http://127.0.0.1:${LLM_STUB_PORT}/v1`;

// Playwright loads this file in the runner and again in every worker; workers inherit the runner's env,
// so only the runner creates (and later removes) the data folder.
function e2eDataDir(): string {
  const existing = process.env.KEWL_E2E_DATA_DIR;
  if (existing) return existing;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kewl-e2e-"));
  process.env.KEWL_E2E_DATA_DIR = dir;
  // Set KEWL_E2E_KEEP_DATA=1 to inspect the database after a run.
  if (!process.env.KEWL_E2E_KEEP_DATA) process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const DATA_DIR = e2eDataDir();

/**
 * Chromium's headless shell when it is installed (Debian's chromium-headless-shell: the same Blink and V8 without
 * the browser's own UI layer, and what Playwright runs headless by default), else the full browser; CHROMIUM_PATH
 * chooses another. On 2 cores the whole e2e stage took 348 s with the shell and 455 s with /usr/bin/chromium, every
 * test passing with both (the install prompt the tests need is a synthetic `beforeinstallprompt` either way).
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder at the start of a run; a subfolder keeps the unit and integration
  // reports that scripts/test-all.mjs writes to test-results/ (screenshots go to test-results/screenshots/).
  outputDir: "test-results/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // Recorded on a failed test's retry (under CI), not on every run: recording every test's trace took the chat
    // and accessibility specs from 3.6 to 5.5 minutes on a slow 2-core machine. Locally: --trace on.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM,
          args: [
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: "node scripts/start.mjs",
      url: `${BASE_URL}/v1/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR,
        LOG_LEVEL: "warn",
        RATE_LIMIT_PER_MINUTE: "100000",
        // Always the embedded database with the demo catalogue, whatever the developer's shell or .env says
        // (the server treats empty strings as unset, and Next's env loader never overrides a variable that is set).
        DATABASE_URL: "",
        REDIS_URL: "",
        SEED_DEMO: "true",
        // The documented test-automation switches (README, "Automated end-to-end runs"): a known captcha answer
        // and a readable outbox, so the tests register and reset passwords like a person would.
        TEST_CAPTCHA_ANSWER: "E2E7",
        TEST_OUTBOX_ENABLED: "true",
        // Third-party sign-in against the test OpenID provider below (tests/e2e/oidc-test-provider.mjs).
        OAUTH_CLIENT_ID: TEST_CLIENT.id,
        OAUTH_CLIENT_SECRET: TEST_CLIENT.secret,
        OAUTH_ISSUER: OIDC_ISSUER,
        OAUTH_PROVIDER_NAME: "Google",
        PUBLIC_BASE_URL: BASE_URL,
        // Chat against the local stub model, with a small daily allowance the chat tests can use up.
        LLM_BASE_URL,
        CHAT_FREE_REPLIES_PER_DAY: "5",
        // Payments on the built-in sandbox, which production (what start.mjs runs) refuses unless switched on.
        PAYMENT_PROVIDER: "sandbox",
        PAYMENT_SANDBOX_ENABLED: "true",
        // The browsers all come from 127.0.0.1: pages get the same room as the API. (Test helpers sign users up
        // from loopback addresses of their own, so the per-address sign-up mail limit never decides a test.)
        PAGE_RATE_LIMIT_PER_MINUTE: "100000",
        // The collector's operator read API, which tests/e2e/analytics.spec.ts reads the stored events through.
        ANALYTICS_READ_TOKEN: "e2e-analytics-read-token",
      },
    },
    {
      command: `node tests/support/openai-stub-server.mjs --port ${LLM_STUB_PORT} --token-delay-ms 15`,
      url: `${LLM_BASE_URL}/models`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node tests/e2e/oidc-test-provider.mjs",
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { OIDC_TEST_PORT: String(OIDC_PORT), OIDC_TEST_REDIRECT_URI: `${BASE_URL}/v1/oauth/callback` },
    },
  ],
});
