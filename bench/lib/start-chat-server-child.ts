import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ChildMemory, ChildMessage, ChildReady, ParentMessage } from "./server-window-figures";
import { serverEntry } from "./bundle-server-child";
import { pinnedCommand, serverCpus } from "./cpu-affinity";
import { onCleanup, stopChild, tail } from "./harness";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ServerChild extends ChildReady {
  pid: number | undefined;
  /** The server's memory, CPU and event-loop figures since the last mark(). */
  memory(): Promise<ChildMemory>;
  /** A new window; with heapAtPeak, the live heap is read (after a full collection) once that many replies are open. */
  mark(sampleRss: boolean, heapAtPeak?: number): void;
  output(): string;
  /** Stops the server (also done at the end of the bench). */
  stop(): Promise<void>;
}

/** Starts the API server (bench/lib/chat-server-child.ts) in a child process and talks to it over IPC. */
export async function startServerChild(
  stubBaseUrl: string,
  databaseUrl: string | undefined,
  users: number,
  cpuProfDir?: string,
  workers = 1,
  allocProfDir?: string,
): Promise<ServerChild> {
  // Several workers: node:cluster copies of the same server behind one port (bench/lib/chat-cluster-child.ts).
  const entry = await serverEntry();
  return startChild("the chat server", workers > 1 ? entry.cluster : entry.server, entry.execArgv, {
    BENCH_CHAT_SERVER_SCRIPT: entry.server,
    BENCH_CHAT_SERVER_EXEC_ARGV: entry.execArgv.join(" "),
    BENCH_CHAT_WORKERS: String(workers),
    LLM_BASE_URL: stubBaseUrl,
    BENCH_CHAT_USERS: String(users),
    BENCH_CHAT_DATABASE_URL: databaseUrl ?? "",
    BENCH_CHAT_CPU_PROF: cpuProfDir ?? "",
    BENCH_CHAT_ALLOC_PROF: allocProfDir ?? "",
  });
}

/** Starts the relay's floor (bench/lib/relay-floor-child.ts) in a child process, measured as the API server is. */
export async function startRelayFloorChild(
  stubBaseUrl: string,
  cpuProfDir?: string,
  allocProfDir?: string,
): Promise<ServerChild> {
  const entry = await serverEntry();
  return startChild("the relay's floor", entry.floor, entry.execArgv, {
    LLM_BASE_URL: stubBaseUrl,
    BENCH_CHAT_CPU_PROF: cpuProfDir ?? "",
    BENCH_CHAT_ALLOC_PROF: allocProfDir ?? "",
  });
}

async function startChild(
  label: string,
  script: string,
  execArgv: string[],
  env: Record<string, string>,
): Promise<ServerChild> {
  // --expose-gc: --heap-at-peak collects the garbage before it reads the live heap (chat-server-child.ts).
  // BENCH_SERVER_NODE_FLAGS: V8 and Node flags for the server alone (say --max-semi-space-size=16), not the bench.
  const flags = (process.env.BENCH_SERVER_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
  const [command, args] = pinnedCommand(process.execPath, [...flags, "--expose-gc", ...execArgv, script], serverCpus());
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    detached: true,
  });
  onCleanup(`stop ${label}`, () => stopChild(child, 5000));
  const output = tail(child, false);
  const waiting = new Map<string, (m: ChildMessage) => void>();
  child.on("message", (m: ChildMessage) => {
    const resolve = waiting.get(m.type);
    waiting.delete(m.type);
    resolve?.(m);
  });
  const next = <T extends ChildMessage>(type: T["type"], timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${label} did not answer "${type}" within ${timeoutMs} ms:\n${output()}`)),
        timeoutMs,
      );
      const onExit = (code: number | null, sig: string | null) =>
        reject(new Error(`${label} exited with ${sig ?? code}:\n${output()}`));
      child.once("exit", onExit);
      waiting.set(type, (m) => {
        clearTimeout(timer);
        child.off("exit", onExit);
        resolve(m as T);
      });
    });
  const ready = await next<ChildReady>("ready", 180_000);
  const ask = (m: ParentMessage) => child.send(m);
  return {
    ...ready,
    pid: child.pid,
    mark: (sampleRss, heapAtPeak) => ask({ type: "mark", sampleRss, heapAtPeak }),
    memory: () => {
      const answer = next<ChildMemory>("memory", 10_000);
      ask({ type: "memory" });
      return answer;
    },
    output,
    stop: () => stopChild(child, 5000),
  };
}
