/**
 * bench/chat-relay.ts's baseline for the concurrent part: the same streams, with the same stub, clients and
 * upstream request, through the relay's floor (relay-floor-child.ts: node:http and the same upstream client and
 * frame sink, none of the app around them), then our figures beside its figures and their ratio. Both run on the
 * same machine in the same minute, so the ratio holds where absolute figures swing with the machine's load.
 */
import type http from "node:http";
import { performance } from "node:perf_hooks";
import type { StubStart } from "./bench-stub";
import { printPhases, printProfile } from "./chat-relay-figures";
import { out, sleep } from "./harness";
import type { ReplyPhase } from "../../server/modules/chat/reply-phases";
import type { ChildMemory } from "./server-window-figures";
import { warmUp } from "./warm-up";
import { timeStream, type StreamTiming } from "./sse-timing";
import { f1, p, peakOpen } from "./stream-timings";
import { startRelayFloorChild } from "./start-chat-server-child";
import { atFullLoad, launchStreams } from "./stream-arrivals";
import { printStubStarts, stubStartFigures, type StubStartFigures } from "./stub-start-figures";

/** One concurrent part's figures, ours or the floor's. */
export interface ConcurrentFigures {
  runs: StreamTiming[];
  idle: ChildMemory;
  loaded: ChildMemory;
  /** The bench process's CPU (stub and clients) over the part, in ms. */
  generatorCpuMs: number;
  /** The model's pieces of text the stub sent. */
  tokens: number;
}

interface FloorRun {
  stubBaseUrl: string;
  agent: http.Agent;
  /** The exact upstream request our server sent the stub, the floor's request body. */
  upstreamBody: string;
  /**
   * Replies at once before the measured ones, unmeasured (--warm-streams), with their upstream request; then `long`
   * of the measured ones' own (--warm-long).
   */
  warm: { streams: number; upstreamBody: string; long: number };
  streams: number;
  /** New streams a second, as ours arrived (stream-arrivals.ts); 0: all at once. */
  arrivals: number;
  /** The stub's count of chunks of text sent so far. */
  stubChunks: () => number;
  /** How many streamed replies the stub has started, their starts from the `from`-th on, its delay between words. */
  stubStartCount: () => Promise<number>;
  stubStarts: (from: number) => Promise<StubStart[]>;
  tokenDelayMs: number;
  cpuProfDir?: string;
  allocProfDir?: string;
}

/**
 * Starts the floor, warms it with one reply (and as many at once as ours was), runs `streams` through it as they
 * came to ours (at once, or `arrivals` a second), and stops it.
 */
async function measureFloor(run: FloorRun): Promise<{ figures: ConcurrentFigures; starts: StubStartFigures }> {
  const floor = await startRelayFloorChild(run.stubBaseUrl, run.cpuProfDir, run.allocProfDir);
  try {
    const once = () => timeStream(run.agent, floor.port, "/", run.upstreamBody, "kewl");
    const warm = await once();
    if (warm.error) throw new Error(`the relay's floor failed a reply: ${warm.error}\n${floor.output()}`);
    await warmUp(run.warm.streams, (via) => timeStream(via, floor.port, "/", run.warm.upstreamBody, "kewl"));
    await warmUp(run.warm.long, (via) => timeStream(via, floor.port, "/", run.upstreamBody, "kewl"));
    await sleep(500);
    const idle = await floor.memory();
    floor.mark(true);
    const chunksBefore = run.stubChunks();
    const startsBefore = await run.stubStartCount();
    const cpuBefore = process.cpuUsage();
    const sentFrom = performance.now();
    const runs = await launchStreams(run.streams, run.arrivals, once);
    const generator = process.cpuUsage(cpuBefore);
    const loaded = await floor.memory();
    return {
      figures: {
        runs,
        idle,
        loaded,
        generatorCpuMs: (generator.user + generator.system) / 1000,
        tokens: run.stubChunks() - chunksBefore,
      },
      starts: stubStartFigures(runs, await run.stubStarts(startsBefore), sentFrom, run.tokenDelayMs),
    };
  } finally {
    await floor.stop();
  }
}

interface Row {
  label: string;
  /** Only when the streams arrived at a rate (--arrivals). */
  arrivalsOnly?: boolean;
  value: (f: ConcurrentFigures) => number;
  digits?: number;
}

const perReply = (f: ConcurrentFigures, ms: number) => ms / Math.max(1, f.runs.length);
const memoryPerOpenKb = (f: ConcurrentFigures) =>
  (f.loaded.peakRssBytes - f.idle.rssBytes) / 1024 / Math.max(1, peakOpen(f.runs));

/** When the replies relayed their first text, inside the server, in ms after its first request arrived. */
const phaseAt = (f: ConcurrentFigures, phase: ReplyPhase, at: "p50" | "p95") =>
  f.loaded.phases.phases.find((t) => t.phase === phase)?.[at] ?? Number.NaN;

const ROWS: Row[] = [
  { label: "errors", value: (f) => f.runs.filter((r) => r.error).length, digits: 0 },
  { label: "time to first token p50 (ms)", value: (f) => p(f.runs, (t) => t.ttftMs, 50), digits: 0 },
  { label: "time to first token p95 (ms)", value: (f) => p(f.runs, (t) => t.ttftMs, 95), digits: 0 },
  { label: "  in the server: first text p50 (ms)", value: (f) => phaseAt(f, "first-text", "p50"), digits: 0 },
  { label: "  in the server: first text p95 (ms)", value: (f) => phaseAt(f, "first-text", "p95"), digits: 0 },
  {
    label: "  at full load: time to first token p95 (ms)",
    arrivalsOnly: true,
    value: (f) => p(atFullLoad(f.runs).runs, (t) => t.ttftMs, 95),
    digits: 0,
  },
  { label: "total stream time p95 (ms)", value: (f) => p(f.runs, (t) => t.endMs, 95), digits: 0 },
  { label: "server CPU per reply (ms)", value: (f) => perReply(f, f.loaded.cpuMs), digits: 2 },
  { label: "  of it in the kernel (ms)", value: (f) => perReply(f, f.loaded.systemCpuMs), digits: 2 },
  { label: "server CPU per token (µs)", value: (f) => (f.loaded.cpuMs * 1000) / Math.max(1, f.tokens), digits: 1 },
  { label: "memory per open stream (kB)", value: memoryPerOpenKb, digits: 0 },
  { label: "event-loop delay p99 (ms)", value: (f) => f.loaded.loopDelayP99Ms, digits: 1 },
  {
    label: "main thread waiting for a core, to the 95th first text (ms)",
    value: (f) => f.loaded.mainThread.toFirstTextP95?.waitMs ?? Number.NaN,
    digits: 0,
  },
  { label: "stub and clients' CPU per reply (ms)", value: (f) => perReply(f, f.generatorCpuMs), digits: 2 },
];

/** Measures the floor like `ours` and prints the two side by side, then the floor's phases and profile. */
export async function compareWithFloor(ours: ConcurrentFigures, run: FloorRun): Promise<void> {
  const { figures: floor, starts } = await measureFloor(run);
  printFloorComparison(ours, floor, run.arrivals > 0);
  out();
  out("  the floor's replies, inside its server:");
  printPhases(floor.loaded);
  out("  the floor's first tokens, seen from the stub and the clients:");
  printStubStarts(starts);
  printProfile(floor.loaded.profile);
}

/** Ours beside the floor, with the ratio, and what the app adds to a reply over the relay itself. */
function printFloorComparison(ours: ConcurrentFigures, floor: ConcurrentFigures, arrivals: boolean): void {
  const rows = ROWS.filter((row) => arrivals || !row.arrivalsOnly);
  out();
  out(
    `## The relay's floor: the same ${floor.runs.length} streams through the relay alone, measured after ours ` +
      "(bench/lib/relay-floor-child.ts: node:http, the same upstream client and frame sink; no database, sign-in, " +
      "Hono, zod or prompt)",
  );
  out();
  const width = Math.max(...rows.map((r) => r.label.length));
  out(`  ${"".padEnd(width)}  ${"ours".padStart(9)}  ${"floor".padStart(9)}  ${"ours/floor".padStart(10)}`);
  for (const row of rows) {
    const a = row.value(ours);
    const b = row.value(floor);
    const ratio = b > 0 ? (a / b).toFixed(2) : "-";
    const show = (n: number) => (Number.isFinite(n) ? n.toFixed(row.digits ?? 1) : "-");
    out(`  ${row.label.padEnd(width)}  ${show(a).padStart(9)}  ${show(b).padStart(9)}  ${ratio.padStart(10)}`);
  }
  const cpuAdded = perReply(ours, ours.loaded.cpuMs) - perReply(floor, floor.loaded.cpuMs);
  const ttftAdded = p(ours.runs, (t) => t.ttftMs, 95) - p(floor.runs, (t) => t.ttftMs, 95);
  out();
  out(
    `  the app over the relay itself: ${f1(cpuAdded)} ms of server CPU per reply (sign-in, the reply's statements, ` +
      `prompt and Hono) and ${f1(ttftAdded)} ms of time to first token at p95`,
  );
}
