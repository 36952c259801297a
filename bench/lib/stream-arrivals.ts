/**
 * The concurrent part's arrivals (bench/chat-relay.ts --arrivals): all the streams at once, or a steady stream of
 * new ones at a fixed rate, open-loop (each is sent on time whether or not the ones before it have answered), so
 * that the server holds about rate × reply length of them at once while new ones keep arriving, as a busy site
 * does. And which streams were sent while the server was at full load.
 */
import { GOAL_CONCURRENT_TTFT_P95_MS } from "./chat-relay-figures";
import { out, sleep } from "./harness";
import type { StreamTiming } from "./sse-timing";
import { f1, p } from "./stream-timings";

/** Starts `count` streams: all at once when `perSecond` is 0, else one every 1000 / perSecond ms. */
export async function launchStreams(
  count: number,
  perSecond: number,
  start: () => Promise<StreamTiming>,
): Promise<StreamTiming[]> {
  if (perSecond <= 0) return Promise.all(Array.from({ length: count }, start));
  const began = performance.now();
  const runs: Promise<StreamTiming>[] = [];
  for (let i = 0; i < count; i += 1) {
    const wait = began + (i * 1000) / perSecond - performance.now();
    // A late loop sends the ones that are due together, so the rate holds on average.
    if (wait >= 1) await sleep(wait);
    runs.push(start());
  }
  return Promise.all(runs);
}

/** Streams in flight (sent and not yet ended) when each run was sent, itself not counted. */
export function inFlightAtSend(runs: StreamTiming[]): number[] {
  const spans = runs.map((r) => ({
    sent: r.sentAt,
    end: r.sentAt + (r.endMs ?? r.lastTextMs ?? r.ttftMs ?? r.startMs ?? 0),
  }));
  // A stream that failed as it was sent was never in flight; every other one ended after it was sent.
  const held = spans.filter((span) => span.end > span.sent);
  const sends = held.map((span) => span.sent).sort((a, b) => a - b);
  const ends = held.map((span) => span.end).sort((a, b) => a - b);
  return runs.map((r) => countUpTo(sends, r.sentAt, false) - countUpTo(ends, r.sentAt, true));
}

/** The runs sent while at least `share` of the most streams ever in flight were in flight. */
export function atFullLoad(runs: StreamTiming[], share = 0.9): { runs: StreamTiming[]; peak: number } {
  const inFlight = inFlightAtSend(runs);
  const peak = Math.max(0, ...inFlight);
  return { runs: runs.filter((_, i) => inFlight[i]! >= share * peak), peak };
}

/** Time to first token of the streams sent at full load: the crowd a busy site holds, without a burst's queue. */
export function printFullLoad(runs: StreamTiming[]): void {
  const full = atFullLoad(runs);
  const ttft = (q: number) => f1(p(full.runs, (t) => t.ttftMs, q));
  out(
    `  at full load (the ${full.runs.length} streams sent while at least 90% of the peak of ${full.peak} were in ` +
      `flight): time to first token p50 ${ttft(50)} ms, p95 ${ttft(95)} ms (goal p95 <= ${GOAL_CONCURRENT_TTFT_P95_MS} ms)`,
  );
}

/** How many of the sorted values are below x (with `orEqual`, at most x). */
function countUpTo(sorted: number[], x: number, orEqual: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x || (orEqual && sorted[mid] === x)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
