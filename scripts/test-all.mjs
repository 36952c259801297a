// `npm test`: lint, type check, unit, integration, end-to-end; then one summary line over every test run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const out = path.resolve("test-results");
fs.mkdirSync(out, { recursive: true });
const bin = (name) => path.resolve("node_modules/.bin", name);

const stages = [
  { name: "lint", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit"] },
  {
    name: "unit",
    cmd: bin("vitest"),
    args: ["run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile.json=${out}/unit.json`],
    report: `${out}/unit.json`,
  },
  {
    name: "integration",
    cmd: bin("vitest"),
    args: ["run", "--project", "integration", "--reporter=default", "--reporter=json", `--outputFile.json=${out}/integration.json`],
    report: `${out}/integration.json`,
  },
  {
    name: "e2e",
    cmd: bin("playwright"),
    args: ["test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` },
    report: `${out}/e2e.json`,
  },
];

function countReport(file) {
  if (!file || !fs.existsSync(file)) return null;
  const r = JSON.parse(fs.readFileSync(file, "utf8"));
  if (typeof r.numPassedTests === "number") {
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  }
  if (r.stats) return { passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected, skipped: r.stats.skipped };
  return null;
}

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
for (const stage of stages) {
  if (only.length && !only.includes(stage.name)) continue;
  if (stage.report) fs.rmSync(stage.report, { force: true });
  console.log(`\n=== ${stage.name} ===`);
  const res = spawnSync(stage.cmd, stage.args, { stdio: "inherit", env: { ...process.env, ...stage.env } });
  const counts = countReport(stage.report);
  if (counts) for (const k of Object.keys(totals)) totals[k] += counts[k];
  if (res.status !== 0) {
    failedStages.push(stage.name);
    // A stage that failed without a report (lint, types, a crash) counts as one failure.
    if (!counts || counts.failed === 0) totals.failed += 1;
  }
}

if (failedStages.length) console.log(`\nFailed stages: ${failedStages.join(", ")}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length ? 1 : 0);
