import fs from "node:fs";
import { performance } from "node:perf_hooks";

/**
 * The main thread's time on a core and its time ready to run but waiting for one (Linux: the first two fields of
 * /proc/self/task/PID/schedstat, in ns), sampled through a window. On a machine whose cores the server shares with
 * the database and the load generator (and with its own compiler and garbage-collection threads), the waiting is
 * time a crowd's replies lose that no CPU figure or profile shows: a profile charges it to whatever was on the
 * stack, mostly `writev`.
 */
export interface ThreadTimes {
  /** The span measured (ms). */
  spanMs: number;
  /** On a core (ms). */
  runMs: number;
  /** Ready, waiting for a core (ms). */
  waitMs: number;
  /** The process's other threads on a core meanwhile (V8's garbage-collection helpers, libuv's pool; ms). */
  othersRunMs: number;
}

interface Sample {
  at: number;
  runNs: number;
  waitNs: number;
  /** Every thread's time on a core, the main thread's included. */
  allRunNs: number;
}

const schedstat = (tid: string) => fs.readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").trim().split(/\s+/);

function readThreads(): Sample | null {
  try {
    const [run, wait] = schedstat(String(process.pid));
    let allRunNs = 0;
    for (const tid of fs.readdirSync("/proc/self/task")) {
      try {
        allRunNs += Number(schedstat(tid)[0]);
      } catch {
        // The thread ended meanwhile.
      }
    }
    const sample = { at: performance.now(), runNs: Number(run), waitNs: Number(wait), allRunNs };
    return Number.isFinite(sample.runNs + sample.waitNs + sample.allRunNs) ? sample : null;
  } catch {
    return null;
  }
}

/**
 * Samples the threads every `everyMs` from `start` on; `between` answers their times over a span of the window.
 * `wrap` wraps each sample's work (server-window-figures.ts measures its CPU).
 */
export function threadSampler(everyMs = 20, wrap: (sample: () => void) => () => void = (sample) => sample) {
  let samples: Sample[] = [];
  let timer: NodeJS.Timeout | undefined;
  const take = wrap(() => {
    const sample = readThreads();
    if (sample) samples.push(sample);
  });
  /** The last sample taken at or before `at` (the first one when none was). */
  const atOrBefore = (at: number): Sample | undefined => {
    let found = samples[0];
    for (const s of samples) if (s.at <= at) found = s;
    return found;
  };
  return {
    start(): void {
      clearInterval(timer);
      samples = [];
      take();
      timer = setInterval(take, everyMs);
    },
    /** Stops sampling (one last sample is taken while it runs). */
    stop(): void {
      if (timer === undefined) return;
      clearInterval(timer);
      timer = undefined;
      take();
    },
    /** No samples, none taken: `between` answers null. */
    clear(): void {
      clearInterval(timer);
      timer = undefined;
      samples = [];
    },
    /** The times between two moments (performance.now()), or over the whole window; null where unreadable. */
    between(from?: number, to?: number): ThreadTimes | null {
      const a = from === undefined ? samples[0] : atOrBefore(from);
      const b = to === undefined ? samples.at(-1) : atOrBefore(to);
      if (!a || !b || b.at <= a.at) return null;
      const runMs = (b.runNs - a.runNs) / 1e6;
      return {
        spanMs: b.at - a.at,
        runMs,
        waitMs: (b.waitNs - a.waitNs) / 1e6,
        othersRunMs: (b.allRunNs - a.allRunNs) / 1e6 - runMs,
      };
    },
  };
}
