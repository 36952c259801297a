/**
 * Small helpers shared by the benches (bench/search.ts, bench/pages.ts, bench/api-throughput.ts): ordered cleanup
 * that also runs on SIGINT/SIGTERM, free ports, listening and closing node:http servers, bare HTTP requests,
 * child processes in their own process group, percentiles and table printing. Benches print figures; nothing
 * here asserts on timings.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";

/** Cleanup steps, run last-registered first, once, on success, on error and on SIGINT/SIGTERM. */
const cleanups: Array<{ name: string; run: () => Promise<void> }> = [];
let cleaning: Promise<void> | undefined;

export function onCleanup(name: string, run: () => Promise<void>): void {
  cleanups.push({ name, run });
}

export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step.run();
      } catch (err) {
        process.stderr.write(`cleanup "${step.name}" failed: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
  })();
  return cleaning;
}

/** Runs main, then the cleanups (also on a signal), and exits 1 when main threw. */
export async function runBench(name: string, main: () => Promise<void>): Promise<never> {
  const onSignal = (sig: NodeJS.Signals) => {
    process.stderr.write(`\n${sig}: cleaning up…\n`);
    void cleanupAll().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  let exitCode = 0;
  try {
    await main();
  } catch (err) {
    process.stderr.write(`\n${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    exitCode = 1;
  }
  await cleanupAll();
  process.exit(exitCode);
}

/**
 * Walks command-line arguments given as `--flag value` or `--flag=value`. `value()` takes the value (inline or
 * the next argument); `valueIf(test)` takes the next argument only when it matches test (an optional value).
 */
export function eachFlag(
  argv: string[],
  handle: (
    flag: string,
    arg: string,
    value: () => string | undefined,
    valueIf: (test: RegExp) => string | undefined,
  ) => void,
): void {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = () => inline ?? argv[++i];
    const valueIf = (test: RegExp) => inline ?? (argv[i + 1] && test.test(argv[i + 1] ?? "") ? argv[++i] : undefined);
    handle(flag, arg, value, valueIf);
  }
}

/** A flag's value as an integer of at least min, or an error naming the flag. */
export function intFlag(flag: string, value: string | undefined, min: number): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min) throw new Error(`${flag} needs an integer >= ${min}`);
  return n;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const out = (line = "") => process.stdout.write(`${line}\n`);

/** "machine: N cores, node vX, load average a b c": the line a bench's figures are read against. */
export const machineLine = () =>
  `machine: ${os.cpus().length} cores, node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Listens on a free port of 127.0.0.1 and resolves with it. */
export function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const addr = server.address();
      resolve(typeof addr === "object" && addr ? addr.port : 0);
    });
  });
}

/** Closes a server, dropping its idle keep-alive connections. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request to 127.0.0.1 on a fresh connection (no agent); a body is sent as JSON. */
export function request(
  port: number,
  method: string,
  urlPath: string,
  body?: string,
  timeoutMs = 5000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: urlPath,
        agent: false,
        headers:
          body !== undefined ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

export interface NodeChild {
  child: ChildProcess;
  /** The last lines it printed. */
  output: () => string;
  /** "exited with <code or signal>" once it has exited. */
  exited: () => string | undefined;
}

/**
 * Runs `node <argv>` in its own process group (detached) with piped output, and registers a cleanup that stops
 * the group (SIGTERM, then SIGKILL after graceMs).
 */
export function spawnNode(
  name: string,
  argv: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; graceMs?: number },
): NodeChild {
  const child = spawn(process.execPath, argv, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  onCleanup(name, () => stopChild(child, options.graceMs));
  const output = tail(child, false);
  let exited: string | undefined;
  child.once("exit", (code, sig) => (exited = `exited with ${sig ?? code}`));
  return { child, output, exited: () => exited };
}

/** Keeps the last lines a child printed, to show when it fails. */
export function tail(child: ChildProcess, echo: boolean): () => string {
  const lines: string[] = [];
  const take = (prefix: string) => (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 80) lines.shift();
      if (echo) process.stderr.write(`  ${prefix} ${line}\n`);
    }
  };
  child.stdout?.on("data", take("|"));
  child.stderr?.on("data", take("!"));
  return () => lines.join("\n");
}

/** Stops a child we spawned with detached: true (its own process group): SIGTERM, then SIGKILL after a grace period. */
export async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-pid, sig); // the group: also reaches a build started by scripts/start.mjs
    } catch {
      try {
        child.kill(sig);
      } catch {
        /* already gone */
      }
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Nearest-rank percentile of unsorted samples (p in 0..100). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** Prints rows as an aligned table; the first column is left-aligned, the others right-aligned. */
export function printTable(header: string[], rows: string[][], indent = ""): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    indent +
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  out(line(header));
  out(indent + widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) out(line(r));
}
