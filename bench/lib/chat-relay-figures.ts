/**
 * The figures bench/chat-relay.ts prints about the server process itself, beside the goals of issue 16: CPU per
 * stream and per relayed piece, memory per open stream, event-loop delay percentiles, and (with --cpu-prof) what
 * took the CPU, read from the window's .cpuprofile.
 */
import type { ReplyPhase } from "../../server/modules/chat/reply-phases";
import type { ChildMemory } from "./server-window-figures";
import type { SyscallCounts } from "./syscall-counts";
import type { ThreadTimes } from "./thread-schedstat";
import { formatAllocSummary, readAllocSummary } from "./alloc-profile-summary";
import { formatProfileSummary, readProfileSummary } from "./cpu-profile-summary";
import { out, printTable } from "./harness";

export const GOAL_CPU_PER_STREAM_MS = 3;
export const GOAL_MEMORY_PER_STREAM_KB = 100;
export const GOAL_LOOP_P99_MS = 50;
export const GOAL_CONCURRENT_TTFT_P95_MS = 1000;

export const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");

/** CPU per reply and per piece of text relayed (the server's CPU in the window over what it relayed). */
export function printCpu(
  window: ChildMemory,
  work: { replies: number; pieces: number; perReplyGoal: boolean },
  indent = "  ",
): void {
  const perReply = work.replies > 0 ? window.cpuMs / work.replies : Number.NaN;
  const perPieceUs = work.pieces > 0 ? (window.cpuMs * 1000) / work.pieces : Number.NaN;
  out(
    `${indent}server CPU: ${(window.cpuMs / 1000).toFixed(2)} s (${(window.systemCpuMs / 1000).toFixed(2)} s of it in the kernel) for ${work.replies} replies and ${work.pieces} tokens (the model's pieces of text): ` +
      `${f1(perReply)} ms per reply` +
      (work.perReplyGoal
        ? ` (goal <= ${GOAL_CPU_PER_STREAM_MS} ms) ${verdict(perReply <= GOAL_CPU_PER_STREAM_MS)}`
        : "") +
      `, ${f1(perPieceUs)} µs per token (all of the server's CPU over the tokens, set-up and storing included` +
      (window.samplingCpuMs > 0
        ? `; not the ${f1(window.samplingCpuMs)} ms of the bench's own sampling in the server)`
        : ")"),
  );
}

/**
 * Where the server's main thread was while the crowd started and over the window: on a core, ready but waiting
 * for one (the cores are shared with the database and the load generator), or neither (idle, or blocked).
 */
export function printMainThread(window: ChildMemory, indent = "  "): void {
  const { window: all, toFirstTextP95: start } = window.mainThread;
  if (!all) return;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const split = (t: ThreadTimes) =>
    `on a core ${s(t.runMs)}, waiting for one ${s(t.waitMs)}, neither ${s(Math.max(0, t.spanMs - t.runMs - t.waitMs))} ` +
    `(the other threads on a core ${s(t.othersRunMs)})`;
  out(
    `${indent}server main thread (/proc schedstat, sampled every 20 ms): ` +
      (start ? `to the 95th first text (${s(start.spanMs)}) ${split(start)}; ` : "") +
      `over the run (${s(all.spanMs)}) ${split(all)}`,
  );
}

/** The server's read and write system calls over the window (/proc/PID/io), when they could be read. */
export function printSyscalls(calls: SyscallCounts | null, work: { replies: number; pieces: number }): void {
  if (!calls) return;
  out(
    `  server system calls (/proc/PID/io): ${calls.reads} reads (${(calls.reads / work.pieces).toFixed(2)} per token), ` +
      `${calls.writes} writes (${(calls.writes / work.replies).toFixed(1)} per reply, ` +
      `${(calls.bytesWritten / work.replies / 1000).toFixed(1)} kB per reply), sockets and database included`,
  );
}

/** PGlite's statements in the window, in the server's thread: their time per reply, the costliest first. */
export function printPgliteStatements(window: ChildMemory, replies: number): void {
  const figures = window.pgliteStatements;
  if (!figures) return;
  const perReply = (ms: number) => (ms / Math.max(1, replies)).toFixed(2);
  out(
    `  PGlite's statements (in the server's thread, from sending a run to its rows parsed): ` +
      `${(figures.totalMs / 1000).toFixed(2)} s, ${perReply(figures.totalMs)} ms per reply; the costliest:`,
  );
  printTable(
    ["ms per reply", "runs", "rows", "statement"],
    figures.top.map((f) => [perReply(f.ms), String(f.runs), String(f.rows), f.statement]),
    "    ",
  );
}

/** Event-loop delay in the window, from the server process (perf_hooks.monitorEventLoopDelay). */
export function printLoopDelay(window: ChildMemory, withGoal: boolean, indent = "  "): void {
  out(
    `${indent}event-loop delay: p50 ${f1(window.loopDelayP50Ms)} ms, p99 ${f1(window.loopDelayP99Ms)} ms, max ${f1(window.loopDelayMaxMs)} ms` +
      (withGoal ? ` (goal p99 <= ${GOAL_LOOP_P99_MS} ms) ${verdict(window.loopDelayP99Ms <= GOAL_LOOP_P99_MS)}` : ""),
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The server's RSS before, at the peak and after a concurrent part, its lifetime peak and its V8 heap. */
export function printPeakMemory(idle: ChildMemory, loaded: ChildMemory, driver: "pglite" | "postgres"): void {
  out(
    `  server peak memory: RSS ${mb(idle.rssBytes)} before, peak ${mb(loaded.peakRssBytes)} during the streams ` +
      `(+${mb(loaded.peakRssBytes - idle.rssBytes)}; sampled every 20 ms), ${mb(loaded.rssBytes)} after; ` +
      `lifetime peak (ru_maxrss, start-up included) ${mb(loaded.maxRssBytes)}; V8 heap used after ${mb(loaded.heapUsedBytes)}` +
      (driver === "pglite" ? " (PGlite lives in the server process: its RSS includes the database)" : ""),
  );
}

/**
 * Memory per open stream: the RSS the streams added at their peak over the most streams open at once (from
 * `start` to the end), and over every request the server held (all were sent at once; those still waiting for
 * their `start` hold memory too). An upper bound either way: garbage not yet collected counts.
 */
export function printMemoryPerStream(
  idle: ChildMemory,
  loaded: ChildMemory,
  held: { peakOpen: number; requests: number },
  indent = "  ",
): void {
  const added = loaded.peakRssBytes - idle.rssBytes;
  const perOpenKb = held.peakOpen > 0 ? added / 1024 / held.peakOpen : Number.NaN;
  const perRequestKb = held.requests > 0 ? added / 1024 / held.requests : Number.NaN;
  out(
    `${indent}memory per open stream: ${f1(perOpenKb)} kB (+${(added / 1024 / 1024).toFixed(1)} MB RSS at the peak over ${held.peakOpen} open at once; ` +
      `goal <= ${GOAL_MEMORY_PER_STREAM_KB} kB) ${verdict(perOpenKb <= GOAL_MEMORY_PER_STREAM_KB)}; ` +
      `${f1(perRequestKb)} kB over the ${held.requests} requests held at once`,
  );
}

/** The top CPU consumers of a window's profile (self time by place and by function). */
export function printProfile(file: string | null, top = 12, indent = "  "): void {
  if (!file) return;
  out(`${indent}CPU profile ${file}:`);
  for (const line of formatProfileSummary(readProfileSummary(file, top), `${indent}  `)) out(line);
}

/** With --alloc-prof: what the window allocated (freed objects included), per reply, by function and by place. */
export function printAllocations(file: string | null, replies: number, top = 12, indent = "  "): void {
  if (!file) return;
  out(`${indent}allocation profile ${file}:`);
  for (const line of formatAllocSummary(readAllocSummary(file, top), { count: replies, unit: "reply" }, `${indent}  `))
    out(line);
}

/**
 * With --heap-at-peak: the live heap (V8 heap used plus external, after a full collection) the open streams added,
 * per stream: what the streams hold, without the garbage not yet collected that the RSS figure counts.
 */
export function printLiveHeap(window: ChildMemory, indent = "  "): void {
  const { liveAtMarkBytes: before, liveAtPeakBytes: peak, openAtPeak: open } = window;
  if (before === null || before === undefined) return;
  if (peak === null || peak === undefined || !open) {
    out(`${indent}live heap at the peak: not read (the streams never were all open at once)`);
    return;
  }
  const perStream = (peak - before) / open / 1024;
  out(
    `${indent}live heap per open stream: ${perStream.toFixed(1)} kB (${((peak - before) / 1024 / 1024).toFixed(1)} MB over ` +
      `${open} open, each read after a full collection)`,
  );
}

const PHASE_LABELS: Record<ReplyPhase, string> = {
  received: "request received",
  "context-read": "context read (sign-in, character, chat, balance)",
  "model-asked": "model asked (its request written, or queued while connecting)",
  "turn-stored": "turn stored (`start` goes out)",
  "first-text": "first text relayed",
};

const STEP_LABELS: Record<string, string> = {
  "received context-read": "received → context read",
  "context-read model-asked": "context read → model asked (leases, prompt)",
  "model-asked turn-stored": "model asked → turn stored (the turn's statement)",
  "turn-stored first-text": "turn stored → first text",
  "received first-text": "received → first text",
};

/**
 * When the replies reached each phase inside the server (server/modules/chat/reply-phases.ts), in ms after the
 * first request arrived, then how long each reply took from one phase to the next: where a crowd's start waits,
 * without the clients' own delays. `stepsOnly` (requests one after another): the steps alone.
 */
export function printPhases(window: ChildMemory, indent = "  ", opts: { stepsOnly?: boolean } = {}): void {
  const { phases, steps } = window.phases;
  if (phases.length === 0) return;
  if (!opts.stepsOnly) {
    out(`${indent}inside the server, ms after the first request arrived:`);
    printTable(
      ["phase", "replies", "p5", "p50", "p95", "max"],
      phases.map((t) => [PHASE_LABELS[t.phase], String(t.count), f1(t.p5), f1(t.p50), f1(t.p95), f1(t.max)]),
      `${indent}  `,
    );
  }
  out(`${indent}inside the server, ms each reply took from one phase to the next:`);
  printTable(
    ["step", "replies", "p50", "p95", "max"],
    steps.map((t) => [
      STEP_LABELS[`${t.from} ${t.to}`] ?? `${t.from} → ${t.to}`,
      String(t.count),
      f1(t.p50),
      f1(t.p95),
      f1(t.max),
    ]),
    `${indent}  `,
  );
}
