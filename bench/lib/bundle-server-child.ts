/**
 * The chat bench's server, bundled as `npm start` runs the app: scripts/build.mjs bundles server/main.ts with
 * esbuild (dependencies external) and node runs the bundle. Run through tsx instead, the server also paid for
 * tsx's `keepNames` (a `__name` call, and its allocations, for every closure created) and its source maps, which
 * production does not (bench/README.md, issue 16, fourth session). Like `npm start`, without --enable-source-maps.
 *
 * BENCH_SERVER_FROM_SOURCE=1 runs the TypeScript sources through tsx as before, to compare.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleServer } from "../../scripts/bundle-server.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = path.join(ROOT, "node_modules/.cache/kewl-bench");

export interface ServerEntry {
  /** Node's arguments before the script (the tsx loader when run from source). */
  execArgv: string[];
  /** The script for one server process and for the node:cluster primary of several. */
  server: string;
  cluster: string;
  /** The relay's floor (relay-floor-child.ts). */
  floor: string;
}

let bundled: Promise<ServerEntry> | undefined;

/**
 * Bundles the entries (a second or two) into node_modules/.cache/kewl-bench, as scripts/build.mjs bundles the app;
 * once per bench run.
 */
export function serverEntry(): Promise<ServerEntry> {
  bundled ??= bundleEntries();
  return bundled;
}

async function bundleEntries(): Promise<ServerEntry> {
  const sources = {
    server: path.join(ROOT, "bench/lib/chat-server-child.ts"),
    cluster: path.join(ROOT, "bench/lib/chat-cluster-child.ts"),
    floor: path.join(ROOT, "bench/lib/relay-floor-child.ts"),
  };
  if (process.env.BENCH_SERVER_FROM_SOURCE === "1") return { execArgv: ["--import", "tsx"], ...sources };
  fs.rmSync(OUT, { recursive: true, force: true });
  await bundleServer(
    ROOT,
    [
      { entry: "bench/lib/chat-server-child.ts", outfile: "chat-server-child.mjs" },
      { entry: "bench/lib/chat-cluster-child.ts", outfile: "chat-cluster-child.mjs" },
      { entry: "bench/lib/relay-floor-child.ts", outfile: "relay-floor-child.mjs" },
    ],
    OUT,
  );
  return {
    execArgv: [],
    server: path.join(OUT, "chat-server-child.mjs"),
    cluster: path.join(OUT, "chat-cluster-child.mjs"),
    floor: path.join(OUT, "relay-floor-child.mjs"),
  };
}
