/** bench/pages.ts (b): the first-load JavaScript of a page, fetched and gzipped as a browser would get it. */
import zlib from "node:zlib";

/** GET without compression (sizes are gzipped here), as bytes. */
export async function get(url: string, timeoutMs = 30_000): Promise<{ status: number; body: Buffer; type: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { "accept-encoding": "identity" } });
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get("content-type") ?? "",
  };
}

export interface Chunk {
  url: string;
  raw: number;
  gzip: number;
  text: string;
}

export interface PageJs {
  label: string;
  path: string;
  status: number;
  htmlGzip: number;
  inlineScriptGzip: number;
  chunks: Chunk[];
  preloadOnly: number;
  /** gzip bytes of <script nomodule src> (not counted). */
  noModuleGzip: number;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);

export const gzipSize = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;

const chunkCache = new Map<string, Chunk>();

export async function firstLoadJs(base: string, page: { label: string; path: string }): Promise<PageJs> {
  const html = await get(`${base}${page.path}`);
  const text = html.body.toString("utf8");
  const srcs = new Set<string>();
  const noModule: string[] = [];
  for (const m of text.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(m[0], "src");
    // nomodule scripts (Next's legacy polyfills) are skipped by every browser that runs modules: not counted.
    if (src && /\snomodule\b/i.test(m[0])) noModule.push(src);
    else if (src) srcs.add(src);
  }
  for (const m of text.matchAll(/<link\b[^>]*>/gi)) {
    if ((attr(m[0], "rel") ?? "").toLowerCase() === "modulepreload") {
      const href = attr(m[0], "href");
      if (href) srcs.add(href);
    }
  }
  // Preloaded scripts that no <script src> loads (for information: not counted).
  let preloadOnly = 0;
  for (const m of text.matchAll(/<link\b[^>]*>/gi)) {
    if ((attr(m[0], "rel") ?? "").toLowerCase() === "preload" && attr(m[0], "as") === "script") {
      const href = attr(m[0], "href");
      if (href && !srcs.has(href)) preloadOnly++;
    }
  }
  const inline = [...text.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1] ?? "")
    .join("");
  const chunks: Chunk[] = [];
  for (const src of srcs) {
    const url = new URL(src.replace(/&amp;/g, "&"), base);
    if (!url.pathname.startsWith("/_next/")) continue;
    let chunk = chunkCache.get(url.pathname + url.search);
    if (!chunk) {
      const res = await get(url.toString());
      if (res.status !== 200) throw new Error(`${url.pathname} answered ${res.status}`);
      chunk = {
        url: url.pathname + url.search,
        raw: res.body.length,
        gzip: gzipSize(res.body),
        text: res.body.toString("utf8"),
      };
      chunkCache.set(chunk.url, chunk);
    }
    chunks.push(chunk);
  }
  let noModuleGzip = 0;
  for (const src of noModule) {
    const res = await get(new URL(src.replace(/&amp;/g, "&"), base).toString());
    noModuleGzip += gzipSize(res.body);
  }
  return {
    label: page.label,
    path: page.path,
    status: html.status,
    noModuleGzip,
    htmlGzip: gzipSize(html.body),
    inlineScriptGzip: inline ? gzipSize(Buffer.from(inline)) : 0,
    chunks,
    preloadOnly,
  };
}

/** Strings that survive minification and hint at which package a chunk holds (a heuristic, printed as such). */
const MARKERS: Array<[string, RegExp]> = [
  ["react-dom", /__reactFiber\$|react-dom/],
  ["next app router", /next-router|__next_f|next-action/],
  ["zod", /ZodError|\$ZodType/],
  ["react-hook-form", /shouldUnregister|react-hook-form/],
  ["@radix-ui", /DismissableLayer|FocusScope|radix/],
  ["vaul", /data-vaul|vaul-drawer/],
  ["zustand", /zustand/],
  ["@tanstack/react-query", /QueryClientProvider|No QueryClient set/],
  ["spark-md5", /SparkMD5/],
  ["@dicebear", /dicebear/i],
];

export function markersOf(text: string): string {
  const found = MARKERS.filter(([, re]) => re.test(text)).map(([name]) => name);
  return found.length ? found.join(", ") : "no known markers";
}
