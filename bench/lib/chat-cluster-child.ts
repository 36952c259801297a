/**
 * bench/chat-relay.ts --workers N: N copies of bench/lib/chat-server-child.ts as node:cluster workers sharing one
 * port (as WEB_CONCURRENCY does for the real server), behind the same IPC protocol as one such child, so the bench
 * talks to it unchanged. Started (bundled: bundle-server-child.ts) with an IPC channel.
 *
 * Environment: what chat-server-child.ts reads (each worker gets a share of BENCH_CHAT_USERS; the database must be
 * Postgres, BENCH_CHAT_DATABASE_URL, since PGlite lives in one process), and BENCH_CHAT_WORKERS.
 *
 * Figures: `ready` has every worker's tokens and the shared port; `memory` adds the workers' figures up (memory,
 * CPU), except event-loop delays, which are the worst worker's. The primary itself, which only forwards
 * messages, is not counted.
 */
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { workersAcceptThemselves } from "../../server/cluster/cluster-rules";
import type { ChildMemory, ChildMessage, ChildReady, ParentMessage } from "./server-window-figures";

const workers = Number(process.env.BENCH_CHAT_WORKERS ?? "2");
const users = Number(process.env.BENCH_CHAT_USERS ?? "1");
if (!Number.isInteger(workers) || workers < 1) throw new Error("BENCH_CHAT_WORKERS must be a whole number >= 1");
if (!process.env.BENCH_CHAT_DATABASE_URL) throw new Error("several workers need a Postgres database (--postgres)");

/** The workers' answers of one kind, collected until each has sent one. */
function collect<T extends ChildMessage>(all: Worker[], type: T["type"]): Promise<T[]> {
  return Promise.all(
    all.map(
      (worker) =>
        new Promise<T>((resolve) => {
          const onMessage = (message: ChildMessage) => {
            if (message.type !== type) return;
            worker.off("message", onMessage);
            resolve(message as T);
          };
          worker.on("message", onMessage);
        }),
    ),
  );
}

/** Memory and CPU add up over the workers; event-loop delays are the worst worker's; other values the first's. */
function addUp(answers: ChildMemory[]): ChildMemory {
  const [first, ...rest] = answers;
  if (!first) throw new Error("no worker answered");
  const total: Record<string, unknown> = { ...first };
  for (const answer of rest) {
    for (const [key, value] of Object.entries(answer)) {
      const sofar = total[key];
      if (typeof value !== "number" || typeof sofar !== "number") continue;
      total[key] = key.startsWith("loopDelay") ? Math.max(sofar, value) : sofar + value;
    }
  }
  return total as unknown as ChildMemory;
}

function main(): void {
  // The server child as the bench built it (bundle-server-child.ts), else its source through tsx.
  const script = process.env.BENCH_CHAT_SERVER_SCRIPT;
  // As the server's primary does (server/cluster/primary.ts).
  if (workersAcceptThemselves(process.env)) cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({
    exec: script || path.join(path.dirname(fileURLToPath(import.meta.url)), "chat-server-child.ts"),
    execArgv: script ? (process.env.BENCH_CHAT_SERVER_EXEC_ARGV ?? "").split(" ").filter(Boolean) : ["--import", "tsx"],
  });
  const share = Math.ceil(users / workers);
  const all = Array.from({ length: workers }, () => cluster.fork({ BENCH_CHAT_USERS: String(share) }));
  cluster.on("exit", (worker, code, signal) => {
    process.stderr.write(`bench worker ${worker.process.pid} exited with ${signal ?? code}\n`);
    process.exit(1);
  });

  void collect<ChildReady>(all, "ready").then((ready) => {
    const ports = new Set(ready.map((r) => r.port));
    if (ports.size !== 1) throw new Error(`the workers listen on different ports: ${[...ports].join(", ")}`);
    const [first] = ready;
    if (!first) return;
    process.send?.({
      ...first,
      tokens: ready.flatMap((r) => r.tokens),
      setupMs: Math.max(...ready.map((r) => r.setupMs)),
    } satisfies ChildReady);
  });

  process.on("message", (message: ParentMessage) => {
    if (message.type === "memory") {
      void collect<ChildMemory>(all, "memory").then((answers) => process.send?.(addUp(answers)));
    }
    for (const worker of all) worker.send(message);
  });
  const stop = () => {
    cluster.removeAllListeners("exit");
    for (const worker of all) worker.process.kill("SIGTERM");
    let left = all.length;
    cluster.on("exit", () => {
      if (--left === 0) process.exit(0);
    });
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  process.once("disconnect", stop);
}

main();
