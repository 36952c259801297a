/**
 * bench/chat-relay.ts --workers N: the whole bench runs once with one server process, then with N workers sharing
 * the port (bench/lib/chat-cluster-child.ts), each run on its own scratch database and with the machine to itself;
 * then the figures of both runs are printed side by side.
 */
import { out, printTable } from "./harness";

/** What one run reports for the side-by-side table (null: the run skipped that part). */
export interface RunFigures {
  workers: number;
  sequentialTtftP50Ms: number | null;
  streams: number;
  errors: number;
  ttftP50Ms: number;
  ttftP95Ms: number;
  totalP95Ms: number;
  streamsPerS: number;
  cpuMsPerStream: number;
  memoryGrowthBytes: number;
  loopDelayMaxMs: number;
}

const f1 = (n: number | null) => (n === null || Number.isNaN(n) ? "-" : n.toFixed(1));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs `runOnce` with 1 worker, then with `workers`, and prints the two side by side. */
export async function compareWorkers(
  workers: number,
  runOnce: (workers: number) => Promise<RunFigures | null>,
): Promise<void> {
  const runs: RunFigures[] = [];
  for (const count of [1, workers]) {
    out();
    out(`# ${count === 1 ? "One server process" : `${count} workers sharing the port (node:cluster)`}`);
    out();
    const figures = await runOnce(count);
    if (figures) runs.push(figures);
  }
  if (runs.length < 2) {
    out("(no concurrent streams ran: nothing to set side by side; drop --streams 0)");
    return;
  }
  const label = (r: RunFigures) => (r.workers === 1 ? "1 process" : `${r.workers} workers`);
  const row = (name: string, pick: (r: RunFigures) => string) => [name, ...runs.map(pick)];
  out();
  out(`## One process beside ${workers} workers (${runs[0]?.streams ?? 0} concurrent streams each)`);
  out();
  printTable(
    ["", ...runs.map(label)],
    [
      row("sequential TTFT p50, ms", (r) => f1(r.sequentialTtftP50Ms)),
      row("concurrent errors", (r) => String(r.errors)),
      row("concurrent TTFT p50, ms", (r) => f1(r.ttftP50Ms)),
      row("concurrent TTFT p95, ms", (r) => f1(r.ttftP95Ms)),
      row("total stream time p95, ms", (r) => f1(r.totalP95Ms)),
      row("streams/s", (r) => f1(r.streamsPerS)),
      row("server CPU per stream, ms (all workers)", (r) => f1(r.cpuMsPerStream)),
      row("server memory growth (all workers)", (r) => mb(r.memoryGrowthBytes)),
      row("event-loop delay max, ms (worst worker)", (r) => f1(r.loopDelayMaxMs)),
    ],
    "  ",
  );
}
