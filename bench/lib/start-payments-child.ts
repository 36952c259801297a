import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { onCleanup, stopChild, tail } from "./harness";
import type { PaymentsChildMessage } from "./payments-server-child";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface PaymentsChild {
  port: number;
  /** The child's CPU time so far, in ms. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts bench/lib/payments-server-child.ts in `mode` and waits until it listens. With cpuProfDir, the child writes
 * CPU profiles of its whole life into cpuProfDir/{mode} when it stops.
 */
export async function startPaymentsChild(
  mode: "ours" | "plain",
  databaseUrl: string,
  env: Record<string, string> = {},
  cpuProfDir?: string,
): Promise<PaymentsChild> {
  // One folder per mode: the main thread and tsx's loader thread each write a profile (the larger is the server).
  const profile = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${path.join(cpuProfDir, mode)}`] : [];
  const script = path.join(ROOT, "bench/lib/payments-server-child.ts");
  const child = spawn(process.execPath, [...profile, "--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, ...env, BENCH_PAYMENTS_MODE: mode, BENCH_PAYMENTS_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    detached: true,
  });
  const stop = () => stopChild(child, 5000);
  onCleanup(`stop the ${mode} payments server`, stop);
  const output = tail(child, false);
  const next = <T extends PaymentsChildMessage>(type: T["type"], timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`no "${type}" within ${timeoutMs} ms:\n${output()}`)), timeoutMs);
      const onExit = (code: number | null, sig: string | null) =>
        finish(new Error(`the ${mode} payments server exited with ${sig ?? code}:\n${output()}`));
      const onMessage = (m: PaymentsChildMessage) => {
        if (m.type === type) finish(null, m as T);
      };
      const finish = (err: Error | null, value?: T) => {
        clearTimeout(timer);
        child.off("exit", onExit);
        child.off("message", onMessage);
        if (err) reject(err);
        else resolve(value!);
      };
      child.once("exit", onExit);
      child.on("message", onMessage);
    });
  const ready = await next<Extract<PaymentsChildMessage, { type: "ready" }>>("ready", 120_000);
  return {
    port: ready.port,
    cpuMs: async () => {
      const answer = next<Extract<PaymentsChildMessage, { type: "cpu" }>>("cpu", 10_000);
      child.send({ type: "cpu" });
      return (await answer).ms;
    },
    stop,
  };
}
