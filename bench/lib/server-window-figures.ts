/**
 * The figures a bench server child reports over IPC, per window (from a `mark` to the next `memory`): sampled RSS
 * peak, CPU time, event-loop delay, and with BENCH_CHAT_CPU_PROF / BENCH_CHAT_ALLOC_PROF a CPU profile and sampled
 * allocations of the window. Shared by the API's child (chat-server-child.ts) and the relay's floor
 * (relay-floor-child.ts), so both are measured the same way. See chat-server-child.ts for the protocol.
 */
import fs from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { collectPgliteStatements, type StatementFigures } from "./pglite-statement-figures";
import { collectReplyPhases, type PhaseFigures } from "./reply-phase-figures";
import { threadSampler, type ThreadTimes } from "./thread-schedstat";

export interface ChildReady {
  type: "ready";
  port: number;
  tokens: string[];
  robotId: number;
  robotName: string;
  driver: string;
  setupMs: number;
}

export interface ChildMemory {
  type: "memory";
  rssBytes: number;
  /** Largest sampled RSS since the last `mark`. */
  peakRssBytes: number;
  /** ru_maxrss: the peak over the process's life. */
  maxRssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  /** User + system CPU time since the last mark, less the bench's own sampling (samplingCpuMs). */
  cpuMs: number;
  /** The part of cpuMs spent in the kernel (system calls: sockets, the database's included). */
  systemCpuMs: number;
  /**
   * The CPU this process spent taking the bench's samples (RSS and thread times every 20 ms), left out of cpuMs:
   * 6-9% of the server's CPU with 200 replies on PGlite, 0.6-0.8 ms a reply for ours and the floor alike.
   */
  samplingCpuMs: number;
  /** Event-loop delay since the last mark: how late the loop ran a timer (the sampling interval taken off). */
  loopDelayP50Ms: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** The CPU profile of the window, with BENCH_CHAT_CPU_PROF. */
  profile: string | null;
  /** The allocation profile of the window, with BENCH_CHAT_ALLOC_PROF. */
  allocProfile: string | null;
  /**
   * With `heapAtPeak` in the mark (and node --expose-gc): the live heap (V8 heap used plus external, each after a
   * full collection) at the mark and once `heapAtPeak` replies were open, and how many were; else null.
   */
  liveAtMarkBytes: number | null;
  liveAtPeakBytes: number | null;
  openAtPeak: number | null;
  /**
   * When the window's replies reached each phase (server/modules/chat/reply-phases.ts), in ms after the first
   * request arrived, and how long they took from one to the next; one worker's with several.
   */
  phases: PhaseFigures;
  /** PGlite's statements in the window, per statement (pglite-statement-figures.ts); null on Postgres. */
  pgliteStatements: StatementFigures | null;
  /**
   * The main thread's time on a core and waiting for one (thread-schedstat.ts): over the window, and from the first
   * request to the 95th percentile of the first texts relayed; null where /proc cannot be read (not Linux), and
   * in windows without RSS sampling.
   */
  mainThread: { window: ThreadTimes | null; toFirstTextP95: ThreadTimes | null };
}

export type ParentMessage = { type: "mark"; sampleRss: boolean; heapAtPeak?: number } | { type: "memory" };
export type ChildMessage = ChildReady | ChildMemory;

export function send(message: ChildMessage): void {
  process.send?.(message);
}

type Post = (method: string, params?: object) => Promise<unknown>;

/**
 * One inspector profile per window (from `mark` to `memory`), written to dir as <prefix>-<n>.<extension>:
 * `begin` starts it, `end` stops it and answers the profile.
 */
function windowRecorder(
  dir: string | undefined,
  prefix: string,
  extension: string,
  begin: (post: Post) => Promise<unknown>,
  end: (post: Post) => Promise<unknown>,
) {
  if (!dir) return { start: () => undefined, stop: async () => null };
  fs.mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  const post: Post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  let running = false;
  let count = 0;
  return {
    start: () => {
      running = true;
      void begin(post);
    },
    stop: async (): Promise<string | null> => {
      if (!running) return null;
      running = false;
      const result = (await end(post)) as { profile: unknown };
      const file = path.join(dir, `${prefix}-${++count}.${extension}`);
      fs.writeFileSync(file, JSON.stringify(result.profile));
      return file;
    },
  };
}

/** CPU profiles of the windows. */
const windowProfiler = (dir: string | undefined, prefix: string) =>
  windowRecorder(
    dir,
    prefix,
    "cpuprofile",
    (post) => post("Profiler.enable").then(() => post("Profiler.start")),
    (post) => post("Profiler.stop"),
  );

/** Sampled allocations of the windows, the objects already freed included. */
const windowAllocSampler = (dir: string | undefined, prefix: string) =>
  windowRecorder(
    dir,
    prefix,
    "heapprofile",
    (post) =>
      post("HeapProfiler.startSampling", {
        samplingInterval: 16 * 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      }),
    (post) => post("HeapProfiler.stopSampling"),
  );

/**
 * Answers the parent's `mark` and `memory` messages with this process's figures. `openReplies` counts the replies
 * streaming now (for --heap-at-peak); profiles are written as <prefix>-<n>.cpuprofile and .heapprofile.
 */
export function serveWindowFigures(openReplies: () => number, prefix: string): { stop(): void } {
  // Figures per window (between `mark`s).
  let peakRss = process.memoryUsage.rss();
  let cpuMark = process.cpuUsage();
  const profiler = windowProfiler(process.env.BENCH_CHAT_CPU_PROF || undefined, prefix);
  const allocSampler = windowAllocSampler(process.env.BENCH_CHAT_ALLOC_PROF || undefined, prefix);
  // The histogram holds whole intervals between samples: the resolution is taken off to leave the delay.
  const LOOP_RESOLUTION_MS = 10;
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  const delay = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
  loop.enable();
  let sampler: NodeJS.Timeout | undefined;
  const gc = (globalThis as { gc?: () => void }).gc;
  /** V8's heap used plus external memory after a full collection; null without --expose-gc. */
  const liveHeap = (): number | null => {
    if (!gc) return null;
    gc();
    const mem = process.memoryUsage();
    return mem.heapUsed + mem.external;
  };
  let liveAtMark: number | null = null;
  let liveAtPeak: number | null = null;
  let openAtPeak: number | null = null;
  const replyPhases = collectReplyPhases();
  const statements = collectPgliteStatements();
  // The samples' own CPU, measured around each and left out of the window's CPU (two getrusage calls a sample).
  let samplingUser = 0;
  let samplingSystem = 0;
  // Named so that a CPU profile's summary can set the samples apart (cpu-profile-summary.ts, SAMPLING_FRAME).
  const measured = (sample: () => void) =>
    function benchOwnSampling() {
      const before = process.cpuUsage();
      sample();
      const used = process.cpuUsage(before);
      samplingUser += used.user;
      samplingSystem += used.system;
    };
  const thread = threadSampler(20, measured);

  process.on("message", (message: ParentMessage) => {
    if (message.type === "mark") {
      clearInterval(sampler);
      const wanted = message.heapAtPeak ?? 0;
      liveAtMark = wanted > 0 ? liveHeap() : null;
      liveAtPeak = null;
      openAtPeak = null;
      if (message.sampleRss) {
        const sampleRss = measured(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())));
        sampler = setInterval(() => {
          sampleRss();
          if (liveAtMark !== null && liveAtPeak === null && openReplies() >= wanted) {
            openAtPeak = openReplies();
            liveAtPeak = liveHeap();
          }
        }, 20);
      }
      peakRss = process.memoryUsage.rss();
      replyPhases.clear();
      statements.clear();
      cpuMark = process.cpuUsage();
      samplingUser = 0;
      samplingSystem = 0;
      // Only where the RSS is sampled (the concurrent part): reading every thread's figures costs 20-35 ms of
      // CPU a second on a slow machine, left out of the window's CPU but not of the machine's.
      if (message.sampleRss) thread.start();
      else thread.clear();
      loop.reset();
      profiler.start();
      allocSampler.start();
    } else if (message.type === "memory") {
      clearInterval(sampler);
      const mem = process.memoryUsage();
      peakRss = Math.max(peakRss, mem.rss);
      const cpu = process.cpuUsage(cpuMark);
      const loopDelayP50Ms = delay(loop.percentile(50));
      const loopDelayP99Ms = delay(loop.percentile(99));
      const loopDelayMaxMs = delay(loop.max);
      const phases = replyPhases.figures();
      const pgliteStatements = statements.figures();
      thread.stop();
      const firstTextP95 = phases.phases.find((t) => t.phase === "first-text")?.p95;
      const mainThread = {
        window: thread.between(),
        toFirstTextP95:
          phases.origin === null || firstTextP95 === undefined
            ? null
            : thread.between(phases.origin, phases.origin + firstTextP95),
      };
      void Promise.all([profiler.stop(), allocSampler.stop()]).then(([profile, allocProfile]) =>
        send({
          type: "memory",
          rssBytes: mem.rss,
          peakRssBytes: peakRss,
          maxRssBytes: process.resourceUsage().maxRSS * 1024,
          heapUsedBytes: mem.heapUsed,
          externalBytes: mem.external,
          cpuMs: (cpu.user + cpu.system - samplingUser - samplingSystem) / 1000,
          systemCpuMs: (cpu.system - samplingSystem) / 1000,
          samplingCpuMs: (samplingUser + samplingSystem) / 1000,
          loopDelayP50Ms,
          loopDelayP99Ms,
          loopDelayMaxMs,
          profile,
          allocProfile,
          liveAtMarkBytes: liveAtMark,
          liveAtPeakBytes: liveAtPeak,
          openAtPeak,
          phases,
          pgliteStatements,
          mainThread,
        }),
      );
    }
  });

  return {
    stop: () => {
      clearInterval(sampler);
      thread.stop();
    },
  };
}
