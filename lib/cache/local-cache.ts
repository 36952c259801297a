/**
 * A small cache in localStorage (SPEC §3 "local cache entry"): a value plus the time it was stored, by name.
 * Storage is an edge: an entry is read back through the caller's zod/mini schema, and anything that does not fit
 * (edited by hand, written by an older version, not JSON) is removed and treated as missing.
 */
import * as z from "zod/mini";

/** SPEC §9: a cache entry lives one hour unless its caller says otherwise. */
export const DEFAULT_CACHE_TTL_MS = 60 * 60 * 1000;

export interface CacheEntry<T> {
  value: T;
  /** When the value was stored, in milliseconds since the epoch. */
  timestamp: number;
}

interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

const entryShape = z.object({ value: z.unknown(), timestamp: z.number().check(z.nonnegative()) });

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function remove(store: Storage, name: string): void {
  try {
    store.removeItem(name);
  } catch {
    // blocked storage: nothing to clean
  }
}

/**
 * The entry stored under `name` when it fits `schema` and is younger than `maxAgeMs` (an entry from the future,
 * after a clock change, counts as fresh); otherwise null. Corrupt entries are removed.
 */
export function readCache<T>(
  name: string,
  schema: Schema<T>,
  { maxAgeMs = DEFAULT_CACHE_TTL_MS, now = Date.now() }: { maxAgeMs?: number; now?: number } = {},
): CacheEntry<T> | null {
  const store = storage();
  if (!store) return null;
  let raw: string | null;
  try {
    raw = store.getItem(name);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    remove(store, name);
    return null;
  }
  const entry = entryShape.safeParse(json);
  const value = entry.success ? schema.safeParse(entry.data.value) : null;
  if (!entry.success || !value?.success) {
    remove(store, name);
    return null;
  }
  if (now - entry.data.timestamp > maxAgeMs) return null;
  return { value: value.data, timestamp: entry.data.timestamp };
}

/** Stores `value` under `name` with the time; a full or blocked storage just means no cache. */
export function writeCache<T>(name: string, value: T, now: number = Date.now()): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(name, JSON.stringify({ value, timestamp: now } satisfies CacheEntry<T>));
  } catch {
    // quota exceeded or storage blocked
  }
}

export function removeCache(name: string): void {
  const store = storage();
  if (store) remove(store, name);
}
