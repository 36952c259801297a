/**
 * bench/chat-relay.ts's sequential part, summed up: the per-pair differences, the server's figures over the part,
 * any failures, and the two goals (time to first token over the direct upstream, total stream time ours/direct).
 */
import { out, percentile } from "./harness";
import { printCpu, printLoopDelay, printPhases, printProfile, verdict } from "./chat-relay-figures";
import type { ChildMemory } from "./server-window-figures";
import type { StreamTiming } from "./sse-timing";
import { f1, p } from "./stream-timings";

export const GOAL_TTFT_P50_MS = 10;
export const GOAL_TOTAL_RATIO = 1.05;

export function printSequentialSummary(
  direct: StreamTiming[],
  relayed: StreamTiming[],
  server: ChildMemory,
  /** Relayed requests whose upstream body differed from the one replayed directly. */
  promptChanges: number,
): void {
  // Pair i (direct i, relayed i) ran back to back: their differences cancel slow drift on a busy machine.
  const pairDiff = (pick: (t: StreamTiming) => number | null) =>
    direct.flatMap((d, i) => {
      const r = relayed[i];
      const a = pick(d);
      const b = r ? pick(r) : null;
      return a !== null && b !== null ? [b - a] : [];
    });
  const ttftPairs = pairDiff((t) => t.ttftMs);
  const totalPairs = pairDiff((t) => t.endMs);
  out();
  out(
    `  per pair (ours − direct, run back to back): TTFT p50 ${f1(percentile(ttftPairs, 50))} ms, ` +
      `p95 ${f1(percentile(ttftPairs, 95))} ms; total p50 ${f1(percentile(totalPairs, 50))} ms`,
  );
  // The model's pieces the relay passed on: as many as the direct requests read (the same reply, unmerged).
  printCpu(server, {
    replies: relayed.length,
    pieces: direct.reduce((n, r) => n + r.pieces, 0),
    perReplyGoal: false,
  });
  printLoopDelay(server, false);
  printPhases(server, "  ", { stepsOnly: true });
  printProfile(server.profile);
  const failed = [...direct, ...relayed].filter((r) => r.error);
  if (failed.length)
    out(`  FAILED: ${failed.length} requests (${[...new Set(failed.map((r) => r.error))].join("; ")})`);
  if (promptChanges)
    out(`  note: ${promptChanges} relayed requests sent the stub another body than the one replayed directly`);

  const ttftDiffP50 = p(relayed, (t) => t.ttftMs, 50) - p(direct, (t) => t.ttftMs, 50);
  const ttftDiffP95 = p(relayed, (t) => t.ttftMs, 95) - p(direct, (t) => t.ttftMs, 95);
  const totalRatio = p(relayed, (t) => t.endMs, 50) / p(direct, (t) => t.endMs, 50);
  const totalRatioP95 = p(relayed, (t) => t.endMs, 95) / p(direct, (t) => t.endMs, 95);
  out();
  out(
    `  TTFT overhead p50: ${f1(ttftDiffP50)} ms (goal <= ${GOAL_TTFT_P50_MS} ms) ${verdict(ttftDiffP50 <= GOAL_TTFT_P50_MS)}; p95: ${f1(ttftDiffP95)} ms`,
  );
  out(
    `  total stream time ours/direct p50: ${totalRatio.toFixed(3)} (goal <= ${GOAL_TOTAL_RATIO.toFixed(2)}) ${verdict(totalRatio <= GOAL_TOTAL_RATIO)}; ` +
      `p95: ${totalRatioP95.toFixed(3)}`,
  );
}
