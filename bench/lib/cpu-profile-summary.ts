/**
 * A short reading of a V8 .cpuprofile (as written by the inspector's Profiler.stop or `node --cpu-prof`): self
 * time by function and by where the code lives (our files, each package, Node's internals, GC, idle), so a bench
 * can print what took the CPU without opening DevTools.
 *
 *   npx tsx bench/lib/cpu-profile-summary.ts FILE.cpuprofile [--top 15]
 */
import fs from "node:fs";
import { z } from "zod";

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
      children: z.array(z.number()).optional(),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

export interface SelfTime {
  label: string;
  ms: number;
  /** Share of the busy time (everything but idle), 0–1. */
  share: number;
}

export interface ProfileSummary {
  /** Sampled time in ms, idle included (not the bench's own sampling, nor the time before the first sample). */
  totalMs: number;
  /** Sampled time the thread was not idle. */
  busyMs: number;
  /** Samples in the bench's own figures taken inside the server (SAMPLING_FRAME), left out of the rest. */
  samplingMs: number;
  /**
   * From the profiler's start to its first sample, left out: the start itself (V8 lists every compiled function,
   * 170 ms on a warm server), charged to whatever the first sample found.
   */
  beforeFirstSampleMs: number;
  byFunction: SelfTime[];
  byPlace: SelfTime[];
}

/**
 * The function around each of the bench's own samples in the server (server-window-figures.ts): its RSS, its
 * threads' times from /proc. The bundler may add digits to keep a name unique.
 */
const SAMPLING_FRAME = /^benchOwnSampling\d*$/;

const ROOT_MARK = /\/(?:wt-[^/]+|main|kewl[^/]*)\//;
/** Where bench/lib/bundle-server-child.ts writes the server's bundle: our code, in one file. */
const BUNDLE_MARK = "/node_modules/.cache/kewl-bench/";
/** Our code in the bundle, one place (BENCH_SERVER_FROM_SOURCE=1 shows it by file: bench/README.md). */
const BUNDLE_PLACE = "server bundle";

/** Where a function lives: a package, a file of ours, Node's internals, or V8's own entries. */
export function placeOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === "(garbage collector)") return "(garbage collector)";
    if (functionName === "(idle)" || functionName === "(program)" || functionName === "(root)") return functionName;
    return "(native)";
  }
  // node:internal/webstreams/readablestream → node:internal/webstreams
  if (url.startsWith("node:"))
    return url
      .split("/")
      .slice(0, url.startsWith("node:internal/") ? 2 : 1)
      .join("/");
  if (url.includes(BUNDLE_MARK)) return BUNDLE_PLACE;
  const modules = url.lastIndexOf("/node_modules/");
  if (modules !== -1) {
    const rest = url.slice(modules + "/node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1] ?? ""}` : (rest[0] ?? url);
  }
  const path = url.replace(/^file:\/\//, "");
  const mark = ROOT_MARK.exec(path);
  return mark ? path.slice(mark.index + mark[0].length) : path;
}

function top(map: Map<string, number>, busyMs: number, n: number): SelfTime[] {
  return [...map]
    .map(([label, ms]) => ({ label, ms, share: busyMs > 0 ? ms / busyMs : 0 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n);
}

/** The profile's nodes under a SAMPLING_FRAME (that frame's own included). */
function samplingNodes(profile: z.infer<typeof profileSchema>): Set<number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inside = new Set<number>();
  const mark = (id: number) => {
    inside.add(id);
    for (const child of byId.get(id)?.children ?? []) mark(child);
  };
  for (const node of profile.nodes) if (SAMPLING_FRAME.test(node.callFrame.functionName)) mark(node.id);
  return inside;
}

export function summarizeProfile(json: unknown, n = 15): ProfileSummary {
  const profile = profileSchema.parse(json);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const sampling = samplingNodes(profile);
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let totalMs = 0;
  let idleMs = 0;
  let samplingMs = 0;
  const beforeFirstSampleMs = (profile.timeDeltas[0] ?? 0) / 1000;
  for (let i = 1; i < profile.samples.length; i++) {
    const id = profile.samples[i] ?? -1;
    const frame = nodes.get(id);
    // The delta before a sample is the time it stands for.
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!frame) continue;
    if (sampling.has(id)) {
      samplingMs += ms;
      continue;
    }
    totalMs += ms;
    const place = placeOf(frame.url, frame.functionName);
    if (place === "(idle)") {
      idleMs += ms;
      continue;
    }
    const name = frame.functionName || "(anonymous)";
    const fn = frame.url ? `${name} ${place}:${frame.lineNumber + 1}` : name;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
  }
  const busyMs = totalMs - idleMs;
  return {
    totalMs,
    busyMs,
    samplingMs,
    beforeFirstSampleMs,
    byFunction: top(byFunction, busyMs, n),
    byPlace: top(byPlace, busyMs, n),
  };
}

export function readProfileSummary(file: string, n = 15): ProfileSummary {
  return summarizeProfile(JSON.parse(fs.readFileSync(file, "utf8")), n);
}

/** The summary as lines of text, indented by indent. */
export function formatProfileSummary(summary: ProfileSummary, indent = "  "): string[] {
  const pct = (s: SelfTime) =>
    `${(s.share * 100).toFixed(1).padStart(5)}%  ${s.ms.toFixed(0).padStart(6)} ms  ${s.label}`;
  return [
    `${indent}main thread: ${(summary.busyMs / 1000).toFixed(2)} s busy of ${(summary.totalMs / 1000).toFixed(2)} s sampled ` +
      `(not the ${summary.samplingMs.toFixed(0)} ms of the bench's own sampling in the server, nor the ` +
      `${summary.beforeFirstSampleMs.toFixed(0)} ms from the profiler's start to its first sample); self time by place:`,
    ...summary.byPlace.map((s) => `${indent}  ${pct(s)}`),
    `${indent}self time by function:`,
    ...summary.byFunction.map((s) => `${indent}  ${pct(s)}`),
  ];
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "\0")) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: cpu-profile-summary.ts FILE.cpuprofile [--top N]");
  const n = process.argv[3] === "--top" ? Number(process.argv[4] ?? 15) : 15;
  for (const line of formatProfileSummary(readProfileSummary(file, n))) process.stdout.write(`${line}\n`);
}
