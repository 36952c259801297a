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
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = path.join(ROOT, "node_modules/.cache/kewl-bench");

export interface ServerEntry {
  /** Node's arguments before the script (the tsx loader when run from source). */
  execArgv: string[];
  /** The script for one server process and for the node:cluster primary of several. */
  server: string;
  cluster: string;
  fromSource: boolean;
}

/** Bundles both entries (a second or two) into node_modules/.cache/kewl-bench, beside a copy of the migrations. */
export async function serverEntry(): Promise<ServerEntry> {
  const sources = {
    server: path.join(ROOT, "bench/lib/chat-server-child.ts"),
    cluster: path.join(ROOT, "bench/lib/chat-cluster-child.ts"),
  };
  if (process.env.BENCH_SERVER_FROM_SOURCE === "1")
    return { execArgv: ["--import", "tsx"], ...sources, fromSource: true };
  fs.rmSync(OUT, { recursive: true, force: true });
  const outputs = {
    server: path.join(OUT, "chat-server-child.mjs"),
    cluster: path.join(OUT, "chat-cluster-child.mjs"),
  };
  await Promise.all(
    (["server", "cluster"] as const).map((entry) =>
      build({
        entryPoints: [sources[entry]],
        outfile: outputs[entry],
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        packages: "external",
        sourcemap: true,
        logLevel: "warning",
      }),
    ),
  );
  // open-database.ts finds the migrations beside the module, as dist/server.mjs finds dist/migrations.
  fs.cpSync(path.join(ROOT, "server/db/migrations"), path.join(OUT, "migrations"), { recursive: true });
  return { execArgv: [], ...outputs, fromSource: false };
}
