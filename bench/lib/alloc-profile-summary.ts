/**
 * A short reading of a V8 sampling heap profile (.heapprofile, as the inspector's HeapProfiler.stopSampling writes
 * it) taken with the objects the collector freed included: the bytes allocated by function and by place, so a
 * bench can say what feeds the garbage collector.
 *
 *   npx tsx bench/lib/alloc-profile-summary.ts FILE.heapprofile [--top 15]
 */
import fs from "node:fs";
import { z } from "zod";
import { placeOf } from "./cpu-profile-summary";

interface AllocNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocNode[];
}

const nodeSchema: z.ZodType<AllocNode> = z.lazy(() =>
  z.object({
    callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
    selfSize: z.number(),
    children: z.array(nodeSchema),
  }),
);
const profileSchema = z.object({ head: nodeSchema });

export interface AllocShare {
  label: string;
  bytes: number;
  share: number;
}

function top(map: Map<string, number>, total: number, n: number): AllocShare[] {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([label, bytes]) => ({ label, bytes, share: total > 0 ? bytes / total : 0 }));
}

export function readAllocSummary(file: string, n = 12) {
  const { head } = profileSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  const visit = (node: AllocNode) => {
    if (node.selfSize > 0) {
      const { functionName, url, lineNumber } = node.callFrame;
      // Allocations without a script are V8's own and native code's (strings built by builtins, say).
      const place = url ? placeOf(url, functionName) : "(V8 and native)";
      const label = `${functionName || "(anonymous)"} ${place}${url ? `:${lineNumber + 1}` : ""}`;
      byFunction.set(label, (byFunction.get(label) ?? 0) + node.selfSize);
      byPlace.set(place, (byPlace.get(place) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(head);
  return { totalBytes: total, byPlace: top(byPlace, total, n), byFunction: top(byFunction, total, n) };
}

/** The summary as lines of text; `per` divides the total (say, by replies) for a figure per unit of work. */
export function formatAllocSummary(
  summary: ReturnType<typeof readAllocSummary>,
  per: { count: number; unit: string } | null,
  indent = "  ",
): string[] {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const line = (s: AllocShare) =>
    `${indent}  ${(s.share * 100).toFixed(1).padStart(5)}%  ${mb(s.bytes).padStart(9)}  ${s.label}`;
  const each = per && per.count > 0 ? `, ${(summary.totalBytes / per.count / 1024).toFixed(1)} kB per ${per.unit}` : "";
  return [
    `${indent}allocated (sampled, freed objects included): ${mb(summary.totalBytes)}${each}; by place:`,
    ...summary.byPlace.map(line),
    `${indent}by function:`,
    ...summary.byFunction.map(line),
  ];
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "\0")) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: alloc-profile-summary.ts FILE.heapprofile [--top N]");
  const n = process.argv[3] === "--top" ? Number(process.argv[4] ?? 15) : 15;
  for (const text of formatAllocSummary(readAllocSummary(file, n), null)) process.stdout.write(`${text}\n`);
}
