/**
 * The load of bench/api-throughput.ts: autocannon runs against one target (warm-up, then measured), the server
 * CPU time per answered request from /proc, the mean of the runs and the table of figures.
 */
import fs from "node:fs";
import autocannon from "autocannon";
import { printTable } from "./harness";
import { BODY, ENDPOINT, type Options } from "./throughput-options";
import type { Target } from "./throughput-targets";

const CLOCK_TICKS = 100; // USER_HZ: 100 on every mainstream Linux build

/** CPU seconds (user + system) a process has used so far, from /proc; undefined where unavailable. */
function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

export interface RunFigures {
  /** Server CPU microseconds per answered request (NaN when not measurable). */
  cpuUs: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function load(target: Target, seconds: number, connections: number): Promise<RunFigures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${ENDPOINT}`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: BODY,
    connections,
    pipelining: 1,
    duration: seconds,
  });
  return {
    cpuUs: NaN,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}

/** One warm-up run (unless --warmup 0), then one measured run, printed as a `round` line. */
export async function measure(target: Target, opts: Options, round: number): Promise<RunFigures> {
  if (opts.warmup > 0) await load(target, opts.warmup, opts.connections);
  const cpuBefore = processCpuSeconds(target.pid);
  const figures = await load(target, opts.duration, opts.connections);
  const cpuAfter = processCpuSeconds(target.pid);
  figures.cpuUs =
    cpuBefore !== undefined && cpuAfter !== undefined && figures.total > 0
      ? ((cpuAfter - cpuBefore) * 1e6) / figures.total
      : NaN;
  process.stdout.write(
    `  round ${round}  ${target.name.padEnd(28)} ${figures.rps.toFixed(0).padStart(7)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms` +
      `  non-2xx ${figures.non2xx}  errors ${figures.errors}${Number.isNaN(figures.cpuUs) ? "" : `  server CPU ${figures.cpuUs.toFixed(0)} µs/req`}\n`,
  );
  return figures;
}

/** Means of the rates and latencies, sums of the counts. */
export function mean(runs: RunFigures[]): RunFigures {
  const avg = (f: (r: RunFigures) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  const sum = (f: (r: RunFigures) => number) => runs.reduce((s, r) => s + f(r), 0);
  return {
    cpuUs: avg((r) => r.cpuUs),
    rps: avg((r) => r.rps),
    p50: avg((r) => r.p50),
    p99: avg((r) => r.p99),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    total: sum((r) => r.total),
  };
}

export function printFigures(rows: Array<{ name: string; f: RunFigures }>): void {
  const header = ["target", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "server CPU µs/req"];
  const body = rows.map(({ name, f }) => [
    name,
    f.rps.toFixed(0),
    f.p50.toFixed(1),
    f.p99.toFixed(1),
    String(f.non2xx),
    String(f.errors),
    Number.isNaN(f.cpuUs) ? "-" : f.cpuUs.toFixed(0),
  ]);
  printTable(header, body);
}
