// What npm test's summary reads from the stages' JSON reports (scripts/test-all.mjs): counts, and flaky tests.
import fs from "node:fs";

/** The report at `file`, parsed, or null when the stage wrote none. */
export function readReport(file) {
  if (!file || !fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/** Passed, failed and skipped tests in a Vitest or Playwright JSON report (Playwright's flaky count as passed). */
export function countReport(report) {
  if (!report) return null;
  if (typeof report.numPassedTests === "number") {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  }
  if (report.stats) {
    const { expected, flaky, unexpected, skipped } = report.stats;
    return { passed: expected + (flaky ?? 0), failed: unexpected, skipped };
  }
  return null;
}

/**
 * The Playwright tests that failed first and passed on their retry, as "file › describe › title": a retry hides a
 * flaky test, it does not fix it, and only the full log would otherwise say which they were.
 */
export function flakyTests(report) {
  const names = [];
  const walk = (suite, trail) => {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === "flaky") names.push([...here, spec.title].join(" › "));
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return names;
}
