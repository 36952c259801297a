/**
 * Where a crowd's first tokens wait, seen from the bench's own process: the clients and the stub share its clock
 * (performance.now()), so a reply's start can be split into what happened before the stub had its request (the
 * relay's start: accepting, the app's reads and writes, connecting upstream), the stub's own lag (its first word
 * is due one token delay after its head, and a busy bench process writes it later), and what came after the
 * stub wrote that word (the relay reading it and writing it to the client, the client reading it).
 */
import type { StubStart } from "./bench-stub";
import { percentile, printTable } from "./harness";
import type { StreamTiming } from "./sse-timing";

export interface StubStartFigures {
  /** The rows of the table: a moment (ms after the first request was sent) or a step (ms), p5/p50/p95/max. */
  rows: Array<{ label: string; values: number[] }>;
}

const QUANTILES = [5, 50, 95, 100];

function row(label: string, samples: number[]): { label: string; values: number[] } {
  return { label, values: QUANTILES.map((q) => percentile(samples, q)) };
}

/**
 * The crowd's streams (`runs`, sent from `sentFrom` on) and the stub's starts in the same window (`starts`, the
 * stub's list from before the crowd on). The stub's starts are not matched to the streams one by one (all requests
 * carry the same prompt): each moment is a percentile over its own set.
 */
export function stubStartFigures(
  runs: StreamTiming[],
  starts: StubStart[],
  sentFrom: number,
  tokenDelayMs: number,
): StubStartFigures {
  const since = (at: number) => at - sentFrom;
  const fresh = starts.filter((s) => !s.reused);
  const words = starts.filter((s): s is StubStart & { firstWordAt: number } => s.firstWordAt !== null);
  const firstTexts = runs.filter((r) => r.ttftMs !== null).map((r) => since(r.sentAt + (r.ttftMs ?? 0)));
  return {
    rows: [
      row(
        "request sent by a client",
        runs.map((r) => since(r.sentAt)),
      ),
      row(
        `a new connection taken by the stub (${fresh.length} of ${starts.length})`,
        fresh.map((s) => since(s.connectedAt)),
      ),
      row(
        "request at the stub, on a new connection",
        fresh.map((s) => since(s.receivedAt)),
      ),
      row(
        "request at the stub, on a kept-alive one",
        starts.filter((s) => s.reused).map((s) => since(s.receivedAt)),
      ),
      row(
        "request at the stub",
        starts.map((s) => since(s.receivedAt)),
      ),
      row(
        "first word written by the stub",
        words.map((s) => since(s.firstWordAt)),
      ),
      row("first text read by a client", firstTexts),
      row(
        `the stub's lag: first word after its due time (head + ${tokenDelayMs} ms)`,
        words.map((s) => s.firstWordAt - s.headAt - tokenDelayMs),
      ),
    ],
  };
}

export function printStubStarts(figures: StubStartFigures): void {
  printTable(
    ["in the bench's process, ms after the first request was sent", "p5", "p50", "p95", "max"],
    figures.rows.map((r) => [r.label, ...r.values.map((v) => (Number.isFinite(v) ? v.toFixed(1) : "-"))]),
    "    ",
  );
}
