import {
  CHUNK_RELOAD_STORAGE_KEY,
  isBuildAssetUrl,
  isChunkLoadError,
  mayReload,
  parseReloadGuard,
  serializeReloadGuard,
} from "./chunk-errors";

let reloading = false;
let heldBack = false;

/**
 * Reloads the page after a chunk failed to load, unless it already did so in the last 10 s (then the failure
 * stands: the error page shows, and a later failure may reload again). Without sessionStorage there is no guard,
 * so no reload either. Answers whether it reloads.
 */
export function reloadForFailedChunk(): boolean {
  if (reloading) return true;
  const now = Date.now();
  try {
    if (!mayReload(parseReloadGuard(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)), now)) {
      if (!heldBack) console.warn("[kewl] a script chunk failed to load again within 10 s; not reloading");
      heldBack = true;
      return false;
    }
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, serializeReloadGuard(now));
  } catch {
    return false;
  }
  reloading = true;
  console.warn("[kewl] a script chunk failed to load; reloading the page");
  window.location.reload();
  return true;
}

/** For error boundaries (app/error.tsx, app/global-error.tsx): reloads when the error is a failed chunk. */
export function reloadIfChunkError(error: unknown): boolean {
  return isChunkLoadError(error) && reloadForFailedChunk();
}

/**
 * From the first script on (instrumentation-client.ts): a chunk error thrown or rejected anywhere, or a build
 * script or stylesheet under /_next/static/ that fails to load (seen in the capture phase, as load errors do not
 * bubble), reloads the page through the guard.
 */
export function watchChunkLoadErrors(): void {
  window.addEventListener(
    "error",
    // Typed as a plain Event: a failed <script> or <link> load is one, not an ErrorEvent.
    (event: Event) => {
      if (event instanceof ErrorEvent) {
        reloadIfChunkError(event.error ?? event.message);
        return;
      }
      const target = event.target;
      const url =
        target instanceof HTMLScriptElement
          ? target.src
          : target instanceof HTMLLinkElement && target.rel === "stylesheet"
            ? target.href
            : "";
      if (url && isBuildAssetUrl(url, window.location.origin)) reloadForFailedChunk();
    },
    true,
  );
  window.addEventListener("unhandledrejection", (event) => reloadIfChunkError(event.reason));
}
