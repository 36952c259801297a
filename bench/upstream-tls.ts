/**
 * What a new upstream connection over TLS costs the server's event loop: crowds of new connections to a local TLS
 * origin with a public provider's kind of certificate (RSA 2048, a leaf and an intermediate under a root), opened
 * as the upstream pool did before and as it does now (one secure context, the origin's session resumed). A crowd
 * of new replies opens one upstream connection each beyond the pool's idle ones (upstream-pool.ts), so this is a
 * per-reply cost at a crowd's start, which bench/chat-relay.ts shows only with --tls, mixed with everything else.
 *
 *   npm run bench:upstream-tls
 *   #   --connections N (1000 per crowd)  --concurrency N (50 at once)  --rounds N (3, each way in turn)
 *
 * Prints the client's CPU per connection (this process's user and system time over the crowd) each way, their
 * ratio, and how many handshakes resumed a session. The origin runs in a child process, the client in another,
 * started with NODE_EXTRA_CA_CERTS naming the bench's root (the system's store verifies, as in production).
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eachFlag, intFlag, out, percentile, printTable, runBench, spawnNode } from "./lib/harness";
import { makeCertificateChain } from "./lib/tls-chain";
import type { CrowdFigures } from "./lib/upstream-tls-client";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Options {
  connections: number;
  concurrency: number;
  rounds: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { connections: 1000, concurrency: 50, rounds: 3 };
  eachFlag(argv, (flag, arg, value) => {
    if (flag === "--connections") options.connections = intFlag(flag, value(), 1);
    else if (flag === "--concurrency") options.concurrency = intFlag(flag, value(), 1);
    else if (flag === "--rounds") options.rounds = intFlag(flag, value(), 1);
    else throw new Error(`unknown argument ${arg}`);
  });
  return options;
}

/** The first line a child prints, parsed as JSON. */
function firstLine(child: ReturnType<typeof spawnNode>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const end = text.indexOf("\n");
      if (end !== -1) resolve(JSON.parse(text.slice(0, end)));
    });
    child.child.once("exit", () => reject(new Error(`the origin exited: ${child.output()}`)));
  });
}

async function main(): Promise<void> {
  const opts = parseOptions(process.argv.slice(2));
  const files = makeCertificateChain();
  const env = { ...process.env, BENCH_TLS_KEY: files.key, BENCH_TLS_CHAIN: files.chain };
  const origin = spawnNode("stop the TLS origin", ["--import", "tsx", "bench/lib/tls-origin-child.ts"], {
    cwd: ROOT,
    env,
  });
  const { port } = (await firstLine(origin)) as { port: number };

  out(
    `upstream TLS connections: ${opts.connections} new connections a crowd, ${opts.concurrency} at once, to a local origin`,
  );
  out("with an RSA 2048 leaf and intermediate; the client verifies with the system's store (NODE_EXTRA_CA_CERTS)\n");
  const client = spawnNode("stop the TLS client", ["--import", "tsx", "bench/lib/upstream-tls-client.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_EXTRA_CA_CERTS: files.root,
      BENCH_TLS_PORT: String(port),
      BENCH_TLS_CONNECTIONS: String(opts.connections),
      BENCH_TLS_CONCURRENCY: String(opts.concurrency),
      BENCH_TLS_ROUNDS: String(opts.rounds),
    },
  });
  let text = "";
  client.child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve) => client.child.once("exit", resolve));
  if (code !== 0) throw new Error(`the client failed: ${client.output()}`);
  const crowds = text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CrowdFigures);

  const rows = [];
  const ratios: number[] = [];
  for (let round = 1; round <= opts.rounds; round++) {
    const before = crowds.find((c) => c.round === round && c.way === "per call");
    const now = crowds.find((c) => c.round === round && c.way === "pool");
    if (!before || !now) throw new Error(`round ${round} is missing a crowd`);
    ratios.push(now.cpuMs / before.cpuMs);
    rows.push([
      String(round),
      before.cpuMs.toFixed(3),
      now.cpuMs.toFixed(3),
      (now.cpuMs / before.cpuMs).toFixed(2),
      `${now.resumed} of ${now.connections}`,
      `${(before.wallMs / 1000).toFixed(2)} / ${(now.wallMs / 1000).toFixed(2)}`,
    ]);
  }
  printTable(
    ["round", "per call (ms/conn)", "pool (ms/conn)", "pool / per call", "pool resumed", "wall s (per call / pool)"],
    rows,
    "  ",
  );
  out(`\n  client CPU per new connection, pool / per call: median ${percentile(ratios, 50).toFixed(2)}`);
  out(
    `load average after the runs: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (2-core machine; other work skews the figures)`,
  );
}

void runBench("upstream TLS bench", main);
