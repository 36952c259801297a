/**
 * Finds out that a newer build is live and hands the page over to it. Two signals: the build's version file
 * (BUILD_VERSION_PATH, polled) differing from the build this page runs, and a new service worker installed and
 * waiting behind the one controlling the page. The worker never takes over by itself (skipWaiting is off):
 * `apply()` asks it to, then reloads once when it controls the page.
 *
 * Written on the ServiceWorker API directly rather than @serwist/window, which stops watching for updates after
 * the first one it classes as "external": an open tab must notice every deploy.
 */
import { BUILD_ID, BUILD_VERSION_PATH } from "./build-version";

export const SERVICE_WORKER_URL = "/sw.js";

export interface AppUpdates {
  /** Looks for a newer build now (also runs on its own when the page becomes visible or comes online). */
  check(): Promise<void>;
  /** Reloads into the newer build: the waiting worker takes over first when there is one. */
  apply(): void;
  stop(): void;
}

/** Reads the live build's id; null when it cannot be read (offline, a proxy's error page). */
export async function fetchLiveBuildId(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchImpl(BUILD_VERSION_PATH, { cache: "no-store", credentials: "omit" });
    if (!res.ok) return null;
    const [body, { buildVersionSchema }] = await Promise.all([res.json(), import("./build-version-schema")]);
    const parsed = buildVersionSchema.safeParse(body);
    return parsed.success ? parsed.data.version : null;
  } catch {
    return null;
  }
}

export function startAppUpdates(onAvailable: () => void, { pollMs = 10 * 60 * 1000 } = {}): AppUpdates {
  let stopped = false;
  let reloading = false;
  let registration: ServiceWorkerRegistration | null = null;
  const container = "serviceWorker" in navigator ? navigator.serviceWorker : null;

  const offer = () => {
    if (!stopped) onAvailable();
  };
  // "installed" with a controller present means it waits behind the current worker; on a first visit there is
  // no controller and the new worker simply activates.
  const watch = (worker: ServiceWorker) => {
    const onState = () => {
      if (worker.state === "installed" && container?.controller) offer();
      if (worker.state === "installed" || worker.state === "redundant")
        worker.removeEventListener("statechange", onState);
    };
    worker.addEventListener("statechange", onState);
  };
  const onUpdateFound = () => {
    if (registration?.installing) watch(registration.installing);
  };

  const ready = container
    ? container
        .register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" })
        .then((reg) => {
          registration = reg;
          reg.addEventListener("updatefound", onUpdateFound);
          if (reg.waiting && container.controller) offer();
          if (reg.installing) watch(reg.installing);
        })
        .catch(() => undefined)
    : Promise.resolve();

  const check = async () => {
    await ready;
    const live = await fetchLiveBuildId();
    if (stopped || !live || live === BUILD_ID) return;
    if (!registration) return offer();
    // The new build's worker differs from ours (its precache list names the new files): fetch it; the toast
    // comes when it has installed. Without a new worker (the update failed), a plain reload still gets the build.
    // A worker still installing offers it itself once installed (watch()).
    await registration.update().catch(() => undefined);
    if (registration.waiting || !registration.installing) offer();
  };

  const onVisible = () => {
    if (document.visibilityState === "visible") void check();
  };
  const onOnline = () => void check();
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", onOnline);
  const timer = window.setInterval(() => void check(), pollMs);
  void check();

  return {
    check,
    apply() {
      if (reloading) return;
      reloading = true;
      const waiting = registration?.waiting;
      if (!container || !waiting) {
        window.location.reload();
        return;
      }
      container.addEventListener("controllerchange", () => window.location.reload(), { once: true });
      waiting.postMessage({ type: "SKIP_WAITING" });
    },
    stop() {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", onOnline);
      registration?.removeEventListener("updatefound", onUpdateFound);
    },
  };
}
