// `npm test`: format check, lint, type check, unit, integration, end-to-end; then one summary line over every test run.
// Format check, lint, type check and unit tests run side by side (the first two use one core each); integration and end-to-end
// tests run after them, one at a time, since each keeps both cores busy.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { countReport, flakyTests, readReport } from "./test-reports.mjs";

const out = path.resolve("test-results");
fs.mkdirSync(out, { recursive: true });
const bin = (name) => path.resolve("node_modules/.bin", name);

const stages = [
  { name: "format", group: "static", cmd: bin("prettier"), args: ["--check", "--log-level=warn", "."] },
  { name: "lint", group: "static", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
  { name: "typecheck", group: "static", cmd: bin("tsc"), args: ["--noEmit"] },
  {
    name: "unit",
    group: "static",
    cmd: bin("vitest"),
    args: ["run", "--project", "unit", "--reporter=default", "--reporter=json", `--outputFile.json=${out}/unit.json`],
    report: `${out}/unit.json`,
  },
  {
    name: "integration",
    cmd: bin("vitest"),
    args: [
      "run",
      "--project",
      "integration",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}/integration.json`,
    ],
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

/**
 * Runs a stage and keeps its output, so a failure's details can be repeated at the end: echoed live when it runs
 * alone, printed whole when it ends when it runs beside others (so their lines do not interleave).
 */
function run(stage, live) {
  return new Promise((resolve) => {
    const child = spawn(stage.cmd, stage.args, {
      stdio: ["ignore", "pipe", "pipe"],
      // The production builds the tests make (the cluster test's, the e2e server's, the update test's second one)
      // skip Next's own type check: the typecheck stage checks the same sources once (next.config.ts).
      env: { ...process.env, KEWL_BUILD_SKIP_TYPECHECK: "1", ...stage.env },
    });
    let output = "";
    const keep = (sink) => (chunk) => {
      if (live) sink.write(chunk);
      output += chunk.toString();
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("close", (status) => resolve({ status, output }));
  });
}

// Lines around the failures of a stage: long runs scroll them out of view, so they are repeated last.
function failureDetails(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const marks = /(FAIL|Error|✘|✗|×|failed|Unhandled|expected|Assertion)/;
  const picked = new Set();
  lines.forEach((line, i) => {
    if (!marks.test(line)) return;
    for (let j = Math.max(0, i - 2); j <= Math.min(lines.length - 1, i + 12); j++) picked.add(j);
  });
  const out = [...picked].sort((a, b) => a - b).map((i) => lines[i]);
  return out.slice(-150).join("\n");
}

const only = process.argv.slice(2);
const details = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
const flaky = [];

async function runStage(stage, live) {
  if (stage.report) fs.rmSync(stage.report, { force: true });
  if (live) console.log(`\n=== ${stage.name} ===`);
  const started = Date.now();
  const res = await run(stage, live);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!live) console.log(`\n=== ${stage.name} ===\n${res.output}`);
  console.log(`=== ${stage.name}: ${res.status === 0 ? "ok" : "FAILED"} in ${seconds} s ===`);
  const report = readReport(stage.report);
  const counts = countReport(report);
  if (counts) for (const k of Object.keys(totals)) totals[k] += counts[k];
  flaky.push(...flakyTests(report));
  if (res.status !== 0) {
    failedStages.push(stage.name);
    details.push(`--- ${stage.name} ---\n${failureDetails(res.output)}`);
    // A stage that failed without a report (lint, types, a crash) counts as one failure.
    if (!counts || counts.failed === 0) totals.failed += 1;
  }
}

// Consecutive stages of one group run together.
const selected = stages.filter((stage) => !only.length || only.includes(stage.name));
for (let i = 0; i < selected.length;) {
  const group = selected[i].group;
  let j = i + 1;
  while (group && j < selected.length && selected[j].group === group) j++;
  const batch = selected.slice(i, j);
  if (batch.length > 1) console.log(`\n=== ${batch.map((s) => s.name).join(", ")} (side by side) ===`);
  await Promise.all(batch.map((stage) => runStage(stage, batch.length === 1)));
  i = j;
}

if (failedStages.length) {
  console.log(`\n=== failure details (repeated) ===\n${details.join("\n")}`);
  console.log(`\nFailed stages: ${failedStages.join(", ")}`);
}
if (flaky.length) console.log(`\nFlaky (failed, then passed on retry):\n${flaky.map((n) => `  ${n}`).join("\n")}`);
console.log(
  `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped` +
    (flaky.length ? ` (${flaky.length} flaky)` : ""),
);
process.exit(failedStages.length ? 1 : 0);
