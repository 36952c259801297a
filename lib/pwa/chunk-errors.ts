/**
 * When a failed script load should reload the page (SPEC §9): a chunk of the build that is gone (a new version
 * was deployed) or did not arrive. Plain checks, not zod: this runs in every page's first-load script
 * (tests/unit/pwa-chunk-errors.test.ts pins the guard's check to a zod schema).
 */

/** SPEC §9: after a reload for a failed chunk, no other one for 10 s. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

/** sessionStorage key of the guard: `{"at": <ms since the epoch>}` of the last such reload in this tab. */
export const CHUNK_RELOAD_STORAGE_KEY = "chunk_reload";

// Turbopack ("Failed to load chunk …", name ChunkLoadError), webpack ("Loading chunk 12 failed", "Loading CSS
// chunk …"), and the browsers' failed dynamic import(): Chromium, Safari, Firefox.
const CHUNK_MESSAGE =
  /Failed to load chunk|Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** True for an error (or a message, or a rejection's reason) that says a chunk of script or style failed to load. */
export function isChunkLoadError(reason: unknown): boolean {
  if (typeof reason === "string") return CHUNK_MESSAGE.test(reason);
  if (typeof reason !== "object" || reason === null) return false;
  const { name, message } = reason as { name?: unknown; message?: unknown };
  return name === "ChunkLoadError" || (typeof message === "string" && CHUNK_MESSAGE.test(message));
}

/** True for a URL of the build's hashed static files (scripts, styles) on this origin. */
export function isBuildAssetUrl(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && parsed.pathname.startsWith("/_next/static/");
  } catch {
    return false;
  }
}

/** The time of the last reload from the stored guard, or null when there is none or it does not fit. */
export function parseReloadGuard(raw: string | null): number | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const { at } = value as Record<string, unknown>;
    return typeof at === "number" && Number.isFinite(at) && at >= 0 ? at : null;
  } catch {
    return null;
  }
}

export function serializeReloadGuard(at: number): string {
  return JSON.stringify({ at });
}

/**
 * Whether a failed chunk may reload the page now: never within CHUNK_RELOAD_GUARD_MS of the last reload. A stored
 * time in the future (the clock was turned back) counts as just now.
 */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null) return true;
  return now - Math.min(lastReloadAt, now) >= CHUNK_RELOAD_GUARD_MS;
}
