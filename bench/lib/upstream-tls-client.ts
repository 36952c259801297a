/**
 * The client of bench/upstream-tls.ts: crowds of new TLS connections to the origin at BENCH_TLS_PORT, alternately
 * as the upstream pool opened them before (tls.connect with its options, a secure context built per call, no
 * session) and through createUpstreamPool (one secure context, the origin's latest session resumed). Started with
 * NODE_EXTRA_CA_CERTS naming the bench's root, so the system's store verifies the chain, as in production.
 * Prints one JSON line per crowd.
 */
import { performance } from "node:perf_hooks";
import tls from "node:tls";
import { createUpstreamPool } from "../../server/providers/llm/upstream-pool";

export interface CrowdFigures {
  way: "per call" | "pool";
  round: number;
  connections: number;
  /** This process's CPU (user and system) per connection, ms. */
  cpuMs: number;
  resumed: number;
  wallMs: number;
}

const port = Number(process.env.BENCH_TLS_PORT);
const connections = Number(process.env.BENCH_TLS_CONNECTIONS ?? "1000");
const concurrency = Number(process.env.BENCH_TLS_CONCURRENCY ?? "50");
const rounds = Number(process.env.BENCH_TLS_ROUNDS ?? "3");

interface Opened {
  socket: tls.TLSSocket;
  /** Calls back once the origin's first answer came (after the session tickets of a full handshake). */
  onAnswer(done: () => void): void;
  close(): void;
}

/** The way the pool connected before: every option to tls.connect, every call. */
function perCall(): Opened {
  const socket = tls.connect({ host: "localhost", port, servername: "localhost", ALPNProtocols: ["http/1.1"] });
  return {
    socket,
    onAnswer: (done) => socket.once("data", done),
    close: () => socket.destroy(),
  };
}

function throughPool(pool: ReturnType<typeof createUpstreamPool>): Opened {
  const connection = pool.acquire(true);
  return {
    socket: connection.socket as tls.TLSSocket,
    onAnswer: (done) => {
      connection.onData = done;
    },
    close: () => pool.release(connection, false),
  };
}

/** `connections` handshakes, `concurrency` at a time, each followed by one byte each way. */
async function crowd(open: () => Opened): Promise<{ cpuMs: number; resumed: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let resumed = 0;
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const opened = open();
      opened.socket.once("error", reject);
      opened.socket.once("secureConnect", () => {
        if (opened.socket.isSessionReused()) resumed++;
        opened.onAnswer(() => {
          opened.close();
          resolve();
        });
        opened.socket.write("x");
      });
    });
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < connections) {
        next++;
        await one();
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000 / connections, resumed, wallMs: performance.now() - started };
}

async function main(): Promise<void> {
  if (!port) throw new Error("BENCH_TLS_PORT is not set");
  // Unmeasured: the code paths compiled and the origin's first handshakes done.
  await crowd(perCall);
  for (let round = 1; round <= rounds; round++) {
    const report = (way: CrowdFigures["way"], figures: Awaited<ReturnType<typeof crowd>>) =>
      process.stdout.write(`${JSON.stringify({ way, round, connections, ...figures } satisfies CrowdFigures)}\n`);
    report("per call", await crowd(perCall));
    // A new pool each round: its first connections have no session yet, as after a deploy.
    const pool = createUpstreamPool(new URL(`https://localhost:${port}/`));
    report("pool", await crowd(() => throughPool(pool)));
    pool.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `upstream TLS client failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
