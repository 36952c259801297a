/**
 * The load side of bench/payments.ts: POSTs over keep-alive connections (one agent, N sockets), a pool of
 * concurrent workers over a list of jobs, and the figures of one run. Nothing here asserts on timings.
 */
import http from "node:http";
import { postgresCpuMs } from "./postgres-cpu";

export interface Post {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface Reply {
  status: number;
  body: string;
}

/** A keep-alive agent holding up to `sockets` connections to 127.0.0.1:port. */
export function poster(port: number, sockets: number): { post: (req: Post) => Promise<Reply>; close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const post = (req: Post) =>
    new Promise<Reply>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: req.path,
          agent,
          headers: { ...req.headers, "content-length": Buffer.byteLength(req.body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("timeout after 30 s")));
      outgoing.on("error", reject);
      outgoing.end(req.body);
    });
  return { post, close: () => agent.destroy() };
}

/** Runs task over every job with `width` workers; returns the results in job order and the wall time. */
export async function runPool<T, R>(
  jobs: readonly T[],
  width: number,
  task: (job: T, worker: number) => Promise<R>,
): Promise<{ results: R[]; ms: number }> {
  const results: R[] = new Array<R>(jobs.length);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(width, jobs.length) }, async (_, worker) => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await task(jobs[index]!, worker);
      }
    }),
  );
  return { results, ms: performance.now() - started };
}

export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

export const perSecond = (count: number, ms: number) => (count * 1000) / ms;

export const fixed = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });

/**
 * CPU spent between start and stop by the server (`serverCpuMs`: a child's, or by default this process's) and by
 * the local Postgres server (null when it is elsewhere). Backends that ended meanwhile are not counted.
 */
export async function cpuMeter(
  serverCpuMs: () => Promise<number> = ownCpuMs,
): Promise<{ stop: () => Promise<{ serverMs: number; postgresMs: number | null }> }> {
  const server = await serverCpuMs();
  const pg = postgresCpuMs();
  return {
    stop: async () => {
      const serverNow = await serverCpuMs();
      const pgNow = postgresCpuMs();
      return { serverMs: serverNow - server, postgresMs: pg === null || pgNow === null ? null : pgNow - pg };
    },
  };
}

async function ownCpuMs(): Promise<number> {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}
