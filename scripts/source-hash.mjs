import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const ROOTS = ["app", "components", "lib", "stores", "server", "public"];
const FILES = [
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "proxy.ts",
  "instrumentation-client.ts",
];

function walk(dir, out) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (entry.isFile()) out.push(p);
  }
}

/** A hash of everything a build is made from: a build is current when its recorded hash matches. */
export function sourceHash(root = process.cwd()) {
  const files = [];
  for (const r of ROOTS) walk(path.join(root, r), files);
  for (const f of FILES) if (fs.existsSync(path.join(root, f))) files.push(path.join(root, f));
  const hash = createHash("sha256");
  for (const f of files.sort()) {
    hash.update(path.relative(root, f));
    hash.update("\0");
    hash.update(fs.readFileSync(f));
    hash.update("\0");
  }
  return hash.digest("hex");
}
