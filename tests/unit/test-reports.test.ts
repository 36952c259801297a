import { describe, expect, it } from "vitest";
import { countReport, flakyTests } from "../../scripts/test-reports.mjs";

/** A Playwright JSON report's shape: suites per file, nested describes, specs with a test per project. */
const playwrightReport = {
  suites: [
    {
      title: "creation.spec.ts",
      specs: [
        { title: "deletes a character", tests: [{ status: "flaky" }] },
        { title: "creates a character", tests: [{ status: "expected" }] },
      ],
      suites: [
        {
          title: "at 390px",
          specs: [{ title: "imports a card", tests: [{ status: "expected" }, { status: "flaky" }] }],
          suites: [{ title: "signed in", specs: [{ title: "exports", tests: [{ status: "unexpected" }] }] }],
        },
      ],
    },
  ],
  stats: { expected: 2, flaky: 2, unexpected: 1, skipped: 3 },
};

describe("npm test's report reading", () => {
  it("names each test that passed only on its retry, with its file and describes", () => {
    expect(flakyTests(playwrightReport)).toEqual([
      "creation.spec.ts › deletes a character",
      "creation.spec.ts › at 390px › imports a card",
    ]);
  });

  it("finds none in a run without retries, a Vitest report, or no report", () => {
    const clean = { suites: [{ title: "a.spec.ts", specs: [{ title: "t", tests: [{ status: "expected" }] }] }] };
    expect(flakyTests(clean)).toEqual([]);
    expect(flakyTests({ numPassedTests: 3, testResults: [] })).toEqual([]);
    expect(flakyTests(null)).toEqual([]);
  });

  it("counts flaky tests as passed, and reads Vitest's counts", () => {
    expect(countReport(playwrightReport)).toEqual({ passed: 4, failed: 1, skipped: 3 });
    expect(
      countReport({ numPassedTests: 10, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1, testResults: [] }),
    ).toEqual({ passed: 10, failed: 1, skipped: 3 });
    expect(countReport(null)).toBeNull();
  });
});
