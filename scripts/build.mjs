import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { sourceHash } from "./source-hash.mjs";

const root = process.cwd();
const hash = sourceHash(root);
const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" };

const next = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
  stdio: "inherit",
  env,
});
if (next.status !== 0) process.exit(next.status ?? 1);

// The process entry: bundled with dependencies left external, next to a copy of the migrations.
fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, "server/main.ts")],
  outfile: path.join(root, "dist/server.mjs"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
fs.cpSync(path.join(root, "server/db/migrations"), path.join(root, "dist/migrations"), { recursive: true });
fs.writeFileSync(path.join(root, "dist/build-stamp.json"), JSON.stringify({ hash, builtAt: new Date().toISOString() }));
console.log("build complete");
