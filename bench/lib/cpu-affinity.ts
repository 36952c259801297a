/**
 * Which cores the chat bench's own process and the servers it starts may run on (taskset's lists: "1", "0,2",
 * "2-3"). On a machine with cores to spare this measures a server with the load generator off its cores, as a site
 * whose clients and model run elsewhere has it; on the 2-core machines of bench/README.md every figure includes
 * the stub's and the clients' share of the same two cores. The local Postgres is not moved: pin its postmaster
 * by hand (`taskset -apc LIST PID`) before the run to keep it off the server's cores too.
 */
import { execFileSync } from "node:child_process";
import { z } from "zod";

const cpuList = z.string().regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, "a core list as taskset reads it: 1, 0,2 or 2-3");

function listFromEnv(name: string): string | undefined {
  const value = process.env[name]?.trim();
  if (!value) return undefined;
  const parsed = cpuList.safeParse(value);
  if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues[0]?.message ?? "not a core list"}`);
  return parsed.data;
}

/** BENCH_SERVER_CPUS: the cores of every server child (ours, its workers, the floor), or undefined for any. */
export function serverCpus(): string | undefined {
  return listFromEnv("BENCH_SERVER_CPUS");
}

/** BENCH_CPUS: the cores of the bench's own process (the clients and the stub), or undefined for any. */
export function benchCpus(): string | undefined {
  return listFromEnv("BENCH_CPUS");
}

/**
 * `command` and `args` to spawn so that the process runs on `cpus` from its first instruction, with every thread
 * it starts (taskset execs the command: the child's pid is the command's own).
 */
export function pinnedCommand(command: string, args: string[], cpus: string | undefined): [string, string[]] {
  return cpus ? ["taskset", ["-c", cpus, command, ...args]] : [command, args];
}

/** Moves this process and all its threads to `cpus`; threads started later inherit it. */
export function pinThisProcess(cpus: string): void {
  try {
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(process.pid)], { stdio: "ignore" });
  } catch (err) {
    throw new Error(`taskset could not move the bench to cores ${cpus} (util-linux's taskset, and cores that exist)`, {
      cause: err,
    });
  }
}

/** The header line's note of where the bench and its servers run. */
export function affinityNote(): string {
  const bench = benchCpus();
  const server = serverCpus();
  if (!bench && !server) return "any core, the bench's and the servers' alike";
  return `the servers on ${server ? `cores ${server}` : "any core"}, the bench's clients and stub on ${bench ? `cores ${bench}` : "any core"} (taskset; Postgres where it was)`;
}
