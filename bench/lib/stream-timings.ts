/**
 * Figures over many timed streams (bench/lib/sse-timing.ts) for bench/chat-relay.ts: percentiles of a timing, the
 * time between two of a stream's moments, the most streams open at once, and the concurrent part's timing table.
 */
import { percentile, printTable } from "./harness";
import type { StreamTiming } from "./sse-timing";

type Pick = (t: StreamTiming) => number | null;

export const f1 = (n: number | null) => (n === null || Number.isNaN(n) ? "-" : n.toFixed(1));

/** The q-th percentile of `pick` over the runs that have it. */
export const p = (runs: StreamTiming[], pick: Pick, q: number) =>
  percentile(
    runs.map(pick).filter((v): v is number => v !== null),
    q,
  );

/** The time from one of a stream's moments to another, or null when it lacks either. */
export const since =
  (from: Pick, to: Pick): Pick =>
  (t) => {
    const a = from(t);
    const b = to(t);
    return a !== null && b !== null ? b - a : null;
  };

/** The failed streams counted by reason (" — 3× HTTP 500; 1× no end"), or "" when none failed. */
export function failureReasons(runs: StreamTiming[]): string {
  const reasons = new Map<string, number>();
  for (const r of runs) if (r.error) reasons.set(r.error, (reasons.get(r.error) ?? 0) + 1);
  return reasons.size ? ` — ${[...reasons].map(([reason, n]) => `${n}× ${reason}`).join("; ")}` : "";
}

/** The most streams open at once (from `start` to the end of the reply). */
export function peakOpen(runs: StreamTiming[]): number {
  const edges = runs.flatMap((r) =>
    r.startMs === null
      ? []
      : [
          { at: r.sentAt + r.startMs, d: 1 },
          { at: r.sentAt + (r.endMs ?? r.lastTextMs ?? r.startMs), d: -1 },
        ],
  );
  edges.sort((a, b) => a.at - b.at || a.d - b.d);
  let open = 0;
  let peak = 0;
  for (const e of edges) peak = Math.max(peak, (open += e.d));
  return peak;
}

/** p50, p95 and max of the concurrent streams' moments, beside one unloaded relayed and one direct request. */
export function printConcurrentTimes(runs: StreamTiming[], ours: StreamTiming, direct: StreamTiming): void {
  const firstToEnd = since(
    (t) => t.ttftMs,
    (t) => t.endMs,
  );
  const row = (label: string, pick: Pick, unloaded: string) => [
    label,
    ...[50, 95, 100].map((q) => f1(p(runs, pick, q))),
    unloaded,
  ];
  printTable(
    ["ms", "p50", "p95", "max", "unloaded ours / direct"],
    [
      row("time to `start`", (t) => t.startMs, `${f1(ours.startMs)} / -`),
      row("time to first token", (t) => t.ttftMs, `${f1(ours.ttftMs)} / ${f1(direct.ttftMs)}`),
      row("first token to end", firstToEnd, `${f1(firstToEnd(ours))} / ${f1(firstToEnd(direct))}`),
      row(
        "longest pause in text",
        (t) => t.longestPauseMs,
        `${f1(ours.longestPauseMs)} / ${f1(direct.longestPauseMs)}`,
      ),
      row("total stream time", (t) => t.endMs, `${f1(ours.endMs)} / ${f1(direct.endMs)}`),
    ],
    "  ",
  );
}

/** The sequential part: p50 and p95 of direct and relayed requests and their differences, and ours split in two. */
export function printSequentialTimes(direct: StreamTiming[], relayed: StreamTiming[]): void {
  const row = (label: string, pick: Pick) => [
    label,
    ...[50, 95].flatMap((q) => [
      f1(p(direct, pick, q)),
      f1(p(relayed, pick, q)),
      f1(p(relayed, pick, q) - p(direct, pick, q)),
    ]),
  ];
  const oursOnly = (label: string, pick: Pick) => [
    label,
    "",
    f1(p(relayed, pick, 50)),
    "",
    "",
    f1(p(relayed, pick, 95)),
    "",
  ];
  printTable(
    ["ms", "direct p50", "ours p50", "diff p50", "direct p95", "ours p95", "diff p95"],
    [
      row("time to first token", (t) => t.ttftMs),
      oursOnly("  ours: request to `start`", (t) => t.startMs),
      oursOnly(
        "  ours: `start` to first token",
        since(
          (t) => t.startMs,
          (t) => t.ttftMs,
        ),
      ),
      row("total stream time", (t) => t.endMs),
      row(
        "  last token to end",
        since(
          (t) => t.lastTextMs,
          (t) => t.endMs,
        ),
      ),
    ],
    "  ",
  );
}
