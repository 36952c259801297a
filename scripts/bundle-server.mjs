import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

/**
 * Bundles a server entry as production runs it: esbuild, dependencies left external, ESM for Node 20, next to a
 * copy of the migrations (open-database.ts finds them beside the module). scripts/build.mjs makes dist/server.mjs
 * with it; the chat bench bundles its server child with it (bench/lib/bundle-server-child.ts), so the process it
 * measures is built alike.
 */
export async function bundleServer(root, entries, outDir) {
  await Promise.all(
    entries.map(({ entry, outfile }) =>
      build({
        entryPoints: [path.join(root, entry)],
        outfile: path.join(outDir, outfile),
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
  fs.cpSync(path.join(root, "server/db/migrations"), path.join(outDir, "migrations"), { recursive: true });
}
