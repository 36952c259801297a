/**
 * zod's shared core is 23 kB gzip, and Turbopack keeps it whole whenever one client module of the first load
 * imports it statically (bench/README.md, "Page performance"). This walks the static imports of the catalogue
 * pages' entries and fails when code that ships to the browser (a "use client" module or anything it imports)
 * reaches a package that must load on demand. `import()` and `import type` are the ways around it.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const ENTRIES = [
  "instrumentation-client.ts",
  "app/layout.tsx",
  "app/error.tsx",
  "app/global-error.tsx",
  "app/not-found.tsx",
  "app/(default)/layout.tsx",
  "app/(default)/page.tsx",
  "app/(default)/tag/[key]/page.tsx",
  "app/(default)/character/[id]/page.tsx",
  "app/(default)/profile/[user_key]/page.tsx",
  "app/(default)/search/page.tsx",
];
/** The layouts and the listing pages: their first load is the one with a budget (160 kB gzip on `/`). */
const LISTING_ENTRIES = ENTRIES.filter((e) => !/character|profile/.test(e));
/** Packages only a later moment needs (a dialog, a chat, a form's check, the first API request's signature). */
const ON_DEMAND = [
  /^zod(\/|$)/,
  /^react-markdown$/,
  /^micromark/,
  /^markdown-it/,
  /^spark-md5$/,
  /^eventsource-parser$/,
];

/** Only signed-in parts of the layouts and listings fetch through TanStack Query (components/query/query-island.tsx). */
const LISTING_ON_DEMAND = [...ON_DEMAND, /^@tanstack\/react-query$/];

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = spec.startsWith("@/") ? path.join(ROOT, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every on-demand package reached by browser code, with the chain of imports that reaches it. */
function findOnDemandImports(entries: string[], onDemand: RegExp[]): string[] {
  const found: string[] = [];
  const seen = new Map<string, boolean>();
  const visit = (file: string, client: boolean, chain: string[]) => {
    const source = fs.readFileSync(file, "utf8");
    const inClient = client || /^\s*["']use client["']/.test(source) || file.endsWith("instrumentation-client.ts");
    // A module seen as browser code needs no second walk; one seen only as server code may still ship later.
    if (seen.get(file) === true || (seen.has(file) && !inClient)) return;
    seen.set(file, inClient);
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const spec = match[1] ?? "";
      const here = [...chain, path.relative(ROOT, file)];
      if (spec.startsWith(".") || spec.startsWith("@/")) {
        const target = resolveLocal(file, spec);
        if (target) visit(target, inClient, here);
      } else if (inClient && onDemand.some((p) => p.test(spec))) {
        found.push(`${here.join(" -> ")} -> ${spec}`);
      }
    }
  };
  for (const entry of entries) visit(path.join(ROOT, entry), false, []);
  return found;
}

describe("first-load imports of the catalogue pages", () => {
  it("every entry exists (the list follows the app's routes)", () => {
    for (const entry of ENTRIES) expect(fs.existsSync(path.join(ROOT, entry)), entry).toBe(true);
  });

  it("no browser code of the first load imports zod, MD5, SSE parsing or a markdown library statically", () => {
    expect(findOnDemandImports(ENTRIES, ON_DEMAND)).toEqual([]);
  });

  it("the layouts and the listing pages load TanStack Query only with a signed-in part", () => {
    expect(findOnDemandImports(LISTING_ENTRIES, LISTING_ON_DEMAND)).toEqual([]);
  });
});
