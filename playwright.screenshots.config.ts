import { defineConfig } from "@playwright/test";
import e2e from "./playwright.config";

/**
 * `npm run screenshots`: PNGs of the main pages for a human review, not tests (they assert nothing about what
 * they capture). Same servers as the end-to-end run (playwright.config.ts: the app on 3210 with a fresh PGlite
 * and the demo catalogue, the stub model, the test OpenID provider), so it cannot run beside `npm run test:e2e`.
 * The images go to test-results/screenshots/<page>-<light|dark>-<width>.png, at 390 and 1280 px wide.
 */
export default defineConfig({
  ...e2e,
  testDir: "tests/screenshots",
  testMatch: "**/*.shots.ts",
  outputDir: "test-results/screenshots-run",
  retries: 0,
});
