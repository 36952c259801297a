import cluster, { type Worker } from "node:cluster";
import type { Logger } from "../logger";
import { nextCrashCount, restartDelayMs, workersAcceptThemselves } from "./cluster-rules";
import { WORKER_SLOT_ENV } from "./worker-slot";

export interface PrimaryOptions {
  workers: number;
  /** The script every worker runs (the server's own entry). */
  exec: string;
  logger: Logger;
  /** How long a draining worker may take before it is killed (its own shutdown deadline plus settling). */
  drainTimeoutMs: number;
}

export interface Primary {
  /** Resolves once every first worker listens; rejects when one of them fails to start (the cluster has stopped). */
  ready: Promise<{ port: number | null }>;
  /** Signals every worker to drain, waits for them (killing those past the deadline), answers the exit code. */
  stop(signal: NodeJS.Signals): Promise<number>;
}

interface Slot {
  worker: Worker | null;
  startedAt: number;
  listening: boolean;
  crashes: number;
  restart: NodeJS.Timeout | null;
  /** The pid of the worker this one replaces, for the log. */
  replaces: number | null;
}

/**
 * The cluster's primary: it serves nothing itself. It forks `workers` copies of the server, which share the port
 * (node:cluster hands connections to them in turn), replaces a worker that dies (at once the first time, then
 * with a doubling delay while its slot keeps crashing, so a crash loop does not spin), and drains them all on
 * stop. A first worker that fails to start stops the whole cluster: the cause (configuration, an unreachable
 * database, a busy port) is the same for every worker.
 */
export function startPrimary(options: PrimaryOptions): Primary {
  const { logger } = options;
  // Before the first fork: node:cluster reads it once.
  if (workersAcceptThemselves(process.env)) cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: options.exec, args: [] });
  const slots: Slot[] = [];
  let stopping = false;
  let started = false;
  let port: number | null = null;
  let resolveReady!: (value: { port: number | null }) => void;
  let rejectReady!: (err: Error) => void;
  const ready = new Promise<{ port: number | null }>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  ready.catch(() => undefined);
  let stopped: Promise<number> | null = null;

  const fork = (index: number) => {
    const slot = slots[index]!;
    slot.restart = null;
    slot.listening = false;
    slot.startedAt = Date.now();
    slot.worker = cluster.fork({ [WORKER_SLOT_ENV]: String(index) });
  };
  const slotOf = (worker: Worker) => slots.findIndex((s) => s.worker === worker);

  cluster.on("listening", (worker, address) => {
    const index = slotOf(worker);
    const slot = slots[index];
    if (!slot) return;
    slot.listening = true;
    port ??= address.port;
    const pid = worker.process.pid;
    if (slot.replaces !== null) {
      logger.info("worker replaced", { slot: index, pid, replaced_pid: slot.replaces });
      slot.replaces = null;
    }
    if (!started && slots.every((s) => s.listening)) {
      started = true;
      logger.info("workers ready", { workers: slots.length, pids: slots.map((s) => s.worker?.process.pid), port });
      resolveReady({ port });
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    const index = slotOf(worker);
    const slot = slots[index];
    if (!slot) return;
    slot.worker = null;
    const pid = worker.process.pid ?? null;
    if (stopping) return;
    if (!started) {
      logger.error("a worker failed to start: stopping", { slot: index, pid, code, signal });
      rejectReady(new Error(`worker ${pid} exited during start-up with ${signal ?? code}`));
      void stop("SIGTERM");
      return;
    }
    slot.crashes = nextCrashCount(slot.crashes, Date.now() - slot.startedAt);
    const delay = restartDelayMs(slot.crashes);
    slot.replaces = pid;
    logger.error("worker died: replacing it", {
      slot: index,
      pid,
      code,
      signal,
      crashes_in_a_row: slot.crashes,
      replace_in_ms: delay,
    });
    slot.restart = setTimeout(() => fork(index), delay);
  });

  const stop = (signal: NodeJS.Signals): Promise<number> => {
    stopped ??= (async () => {
      stopping = true;
      logger.info("stopping workers", { signal, workers: slots.filter((s) => s.worker).length });
      const exits = slots.map((slot) => {
        if (slot.restart) clearTimeout(slot.restart);
        const worker = slot.worker;
        if (!worker) return Promise.resolve(true);
        return new Promise<boolean>((resolve) => {
          const killer = setTimeout(() => {
            logger.warn("worker did not drain in time: killing it", { pid: worker.process.pid });
            worker.process.kill("SIGKILL");
          }, options.drainTimeoutMs);
          worker.once("exit", (code, exitSignal) => {
            clearTimeout(killer);
            resolve(code === 0 || exitSignal === signal);
          });
          worker.process.kill(signal);
        });
      });
      const clean = (await Promise.all(exits)).every(Boolean);
      logger.info("workers stopped", { clean });
      return started && clean ? 0 : 1;
    })();
    return stopped;
  };

  for (let i = 0; i < options.workers; i++) {
    slots.push({ worker: null, startedAt: 0, listening: false, crashes: 0, restart: null, replaces: null });
    fork(i);
  }
  return { ready, stop };
}
