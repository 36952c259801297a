import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { affinityNote, benchCpus, pinnedCommand, serverCpus } from "@/bench/lib/cpu-affinity";

/** The cores a process may run on, as Linux reports them for itself. */
const AFFINITY_MODULE = fileURLToPath(new URL("../../bench/lib/cpu-affinity.ts", import.meta.url));

const PRINT_ALLOWED = `process.stdout.write(require("node:fs").readFileSync("/proc/self/status", "utf8").match(/^Cpus_allowed_list:\\s*(.+)$/m)[1])`;

describe("the chat bench's cores", () => {
  const saved = { server: process.env.BENCH_SERVER_CPUS, bench: process.env.BENCH_CPUS };
  afterEach(() => {
    process.env.BENCH_SERVER_CPUS = saved.server;
    process.env.BENCH_CPUS = saved.bench;
    if (saved.server === undefined) delete process.env.BENCH_SERVER_CPUS;
    if (saved.bench === undefined) delete process.env.BENCH_CPUS;
  });

  it("runs a server child on the cores it is given, from its start", () => {
    // The last core this process may use (a container may not offer core 0).
    const allowed = execFileSync(process.execPath, ["-e", PRINT_ALLOWED], { encoding: "utf8" });
    const core = allowed.split(/[,-]/).at(-1)!;
    const [command, args] = pinnedCommand(process.execPath, ["-e", PRINT_ALLOWED], core);
    expect(execFileSync(command, args, { encoding: "utf8" })).toBe(core);
  });

  it("moves the bench's own process, every thread it has and those it starts later, to the cores given", () => {
    const allowed = execFileSync(process.execPath, ["-e", PRINT_ALLOWED], { encoding: "utf8" });
    const core = allowed.split(/[,-]/).at(-1)!;
    // In a process of its own (this one is the test runner's): pin, start a worker thread, list every thread's cores.
    const script = `
      import fs from "node:fs";
      import { Worker } from "node:worker_threads";
      const { pinThisProcess } = await import(${JSON.stringify(AFFINITY_MODULE)});
      pinThisProcess(${JSON.stringify(core)});
      const worker = new Worker("setInterval(() => {}, 1000)", { eval: true });
      await new Promise((resolve) => worker.once("online", resolve));
      const tasks = fs.readdirSync("/proc/self/task");
      const cores = tasks.map((t) => fs.readFileSync("/proc/self/task/" + t + "/status", "utf8").match(/^Cpus_allowed_list:\\s*(.+)$/m)[1]);
      process.stdout.write(JSON.stringify({ tasks: tasks.length, cores: [...new Set(cores)] }));
      process.exit(0);
    `;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    const { tasks, cores } = JSON.parse(out) as { tasks: number; cores: string[] };
    expect(tasks).toBeGreaterThan(2);
    expect(cores).toEqual([core]);
  });

  it("leaves a child where it would be without a list", () => {
    expect(pinnedCommand("node", ["x.js"], undefined)).toEqual(["node", ["x.js"]]);
  });

  it("reads taskset's lists from the environment and names where each side runs", () => {
    process.env.BENCH_SERVER_CPUS = "2-3";
    process.env.BENCH_CPUS = "0,1";
    expect(serverCpus()).toBe("2-3");
    expect(benchCpus()).toBe("0,1");
    expect(affinityNote()).toBe(
      "the servers on cores 2-3, the bench's clients and stub on cores 0,1 (taskset; Postgres where it was)",
    );
    delete process.env.BENCH_SERVER_CPUS;
    delete process.env.BENCH_CPUS;
    expect(serverCpus()).toBeUndefined();
    expect(affinityNote()).toBe("any core, the bench's and the servers' alike");
  });

  it("refuses a list taskset would not read, naming the variable", () => {
    process.env.BENCH_SERVER_CPUS = "1;rm -rf /";
    expect(() => serverCpus()).toThrow(/^BENCH_SERVER_CPUS: a core list as taskset reads it/);
    process.env.BENCH_CPUS = "one";
    expect(() => benchCpus()).toThrow(/^BENCH_CPUS: /);
  });
});
