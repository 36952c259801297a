import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import type { AddressInfo } from "node:net";

/** A port nobody listens on now (the kernel's pick, released again). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface RedisServer {
  port: number;
  url: string;
  /** Starts redis-server on the port (again); resolves once it accepts connections. */
  start(): Promise<void>;
  /** Sends the signal and, unless it only pauses the server (SIGSTOP), waits for the process to exit. */
  signal(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free loopback port, with nothing saved to disk, which the test can kill
 * (SIGTERM, SIGKILL), pause (SIGSTOP/SIGCONT) and start again on the same port: real outages, not mocks.
 */
export async function redisServer(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | null = null;
  const self: RedisServer = {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async start() {
      const proc = spawn(
        "redis-server",
        ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = proc;
      let output = "";
      await new Promise<void>((resolve, reject) => {
        proc.stdout!.on("data", (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes("Ready to accept connections")) resolve();
        });
        proc.once("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
      });
    },
    async signal(signal) {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = signal === "SIGSTOP" || signal === "SIGCONT" ? null : once(proc, "exit");
      proc.kill(signal);
      await exited;
    },
    async stop() {
      await self.signal("SIGCONT");
      await self.signal("SIGKILL");
    },
  };
  return self;
}
