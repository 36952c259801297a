import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger";
import type { KeyValueStore } from "../modules/limits/key-value-store";
import { clientAddress, type TrustFn, warnUntrustedForwarding } from "./client-address";

const WINDOW_MS = 60_000;

// Next's build output and the files in public/ (icons) never touch the database. /_next/image is not here: the
// app does not use it, and an image optimisation costs more CPU than a page.
const STATIC_PATH = /^\/(?:_next\/static|icons)\/[\w.~@/-]+$/;
const STATIC_FILES = new Set(["/favicon.ico", "/manifest.webmanifest", "/robots.txt", "/sitemap.xml"]);

const TOO_MANY = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Too many requests</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>Too many requests</h1><p>Please wait a moment, then try again.</p></body></html>
`;

/** Whether a request path is a static file (no database work), by its path alone. */
export function isStaticPath(url: string): boolean {
  const path = url.split("?", 1)[0] ?? "/";
  return STATIC_FILES.has(path) || (STATIC_PATH.test(path) && !path.includes(".."));
}

export interface PageRateLimit {
  store: KeyValueStore;
  perMinute: number;
  trust: TrustFn;
  logger?: Logger;
}

/**
 * A fixed window per client address over page requests (everything the page handler gets but static files),
 * in the store the API uses, so it holds across instances. Answers 429 itself and returns true when the
 * address is over its limit; a store that fails lets the request through (pages stay up without Redis).
 */
export function limitPages({ store, perMinute, trust, logger }: PageRateLimit) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (isStaticPath(req.url ?? "/")) return false;
    if (logger) warnUntrustedForwarding(req, trust, (msg, fields) => logger.warn(msg, fields));
    let hit: { count: number; resetMs: number };
    try {
      hit = await store.hit(`page:${clientAddress(req, trust)}`, WINDOW_MS);
    } catch (err) {
      logger?.error("page rate limit store failed", { error: err instanceof Error ? err.message : String(err) });
      return false;
    }
    if (hit.count <= perMinute) return false;
    res.writeHead(429, {
      "content-type": "text/html; charset=utf-8",
      "retry-after": String(Math.max(1, Math.ceil(hit.resetMs / 1000))),
      "cache-control": "no-store",
    });
    res.end(TOO_MANY);
    return true;
  };
}
