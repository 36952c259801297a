export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The report at `file`, parsed, or null when the stage wrote none. */
export function readReport(file: string | undefined): unknown;
/** Passed, failed and skipped tests in a Vitest or Playwright JSON report (Playwright's flaky count as passed). */
export function countReport(report: unknown): TestCounts | null;
/** The Playwright tests that failed first and passed on their retry, as "file › describe › title". */
export function flakyTests(report: unknown): string[];
