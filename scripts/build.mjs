import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { bundleServer } from "./bundle-server.mjs";
import { sourceHash } from "./source-hash.mjs";

const root = process.cwd();
const hash = sourceHash(root);
// The build id (next.config.ts): the same sources and public settings give the same id, so rebuilding them never
// tells open pages that a new version is out. KEWL_BUILD_ID set by the caller wins.
const publicSettings = Object.entries(process.env)
  .filter(([name]) => name.startsWith("NEXT_PUBLIC_"))
  .sort(([a], [b]) => a.localeCompare(b));
const buildId =
  process.env.KEWL_BUILD_ID ||
  createHash("sha256").update(hash).update(JSON.stringify(publicSettings)).digest("hex").slice(0, 16);
const env = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", KEWL_BUILD_ID: buildId };

const next = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
  stdio: "inherit",
  env,
});
if (next.status !== 0) process.exit(next.status ?? 1);

// The process entry: bundled with dependencies left external, next to a copy of the migrations.
fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });
await bundleServer(root, [{ entry: "server/main.ts", outfile: "server.mjs" }], path.join(root, "dist"));
fs.writeFileSync(
  path.join(root, "dist/build-stamp.json"),
  JSON.stringify({ hash, buildId, builtAt: new Date().toISOString() }),
);
console.log("build complete");
