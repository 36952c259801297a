/// <reference lib="webworker" />
import {
  CacheFirst,
  CacheableResponsePlugin,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  type PrecacheEntry,
  type RuntimeCaching,
  Serwist,
  type SerwistGlobalConfig,
  StaleWhileRevalidate,
} from "serwist";
import { OFFLINE_PATH, isPrivatePagePath } from "@/lib/pwa/offline-routes";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const DAY_S = 24 * 60 * 60;
const PAGES_CACHE = "pages";
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

/**
 * Only what is public and same-origin is ever cached: pages (network first, so a page seen once opens offline),
 * the build's static files and images. Nothing under /v1 is cached except generated avatars: API answers carry
 * personal data, chat streams and payments; the catalogue reads are POSTs, which the Cache API cannot hold.
 * Requests no rule matches (other origins, /v1, /build-version.json) go to the network untouched.
 */
const runtimeCaching: RuntimeCaching[] = [
  {
    matcher: ({ request, sameOrigin, url }) =>
      sameOrigin && request.mode === "navigate" && isPrivatePagePath(url.pathname),
    handler: new NetworkOnly(),
  },
  {
    matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
    handler: new NetworkFirst({
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: 8,
      plugins: [okOnly, new ExpirationPlugin({ maxEntries: 48, maxAgeSeconds: 7 * DAY_S })],
    }),
  },
  {
    matcher: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith("/_next/static/"),
    handler: new CacheFirst({
      cacheName: "next-static",
      plugins: [okOnly, new ExpirationPlugin({ maxEntries: 256, maxAgeSeconds: 30 * DAY_S })],
    }),
  },
  {
    matcher: ({ request, sameOrigin, url }) =>
      sameOrigin &&
      request.method === "GET" &&
      (url.pathname.startsWith("/v1/avatar/") || url.pathname.startsWith("/icons/")),
    handler: new StaleWhileRevalidate({
      cacheName: "images",
      plugins: [okOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_S })],
    }),
  },
];

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // The update toast asks the waiting worker to take over (SKIP_WAITING) when the user chooses Reload.
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching,
  fallbacks: {
    entries: [{ url: OFFLINE_PATH, matcher: ({ request }) => request.destination === "document" }],
  },
});

serwist.addEventListeners();

/**
 * The pages open when this first worker takes over were loaded before it existed, so no rule stored them: fetch
 * them once now, so the first page a visitor saw opens offline too.
 */
async function storeOpenPages(): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const cache = await caches.open(PAGES_CACHE);
  await Promise.all(
    windows.map(async ({ url }) => {
      const { origin, pathname } = new URL(url);
      if (origin !== self.location.origin || isPrivatePagePath(pathname) || (await cache.match(url))) return;
      const response = await fetch(url, { credentials: "same-origin" }).catch(() => null);
      if (response?.status === 200) await cache.put(url, response);
    }),
  );
}

self.addEventListener("activate", (event) => event.waitUntil(storeOpenPages().catch(() => undefined)));
