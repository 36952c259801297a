import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sourceHash } from "./source-hash.mjs";

// Next reads NODE_ENV only inside prepare(); code imported before that must already see it.
process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const root = process.cwd();
const stampFile = path.join(root, "dist/build-stamp.json");
function buildIsCurrent() {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile, "utf8"));
    return stamp.hash === sourceHash(root) && fs.existsSync(path.join(root, ".next/BUILD_ID"));
  } catch {
    return false;
  }
}

if (!buildIsCurrent()) {
  console.log("No current build: building first (this takes a minute or two)…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts/build.mjs")], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(pathToFileURL(path.join(root, "dist/server.mjs")).href);
