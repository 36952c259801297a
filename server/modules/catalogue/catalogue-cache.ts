/**
 * A small TTL cache for catalogue reads (lists, search, tags), shared by the API and the server-rendered pages
 * (which Next bundles separately, hence globalThis). Character changes call invalidateCatalogue(); other
 * instances converge within the TTL. Favourite counts on cards may lag by up to the TTL; detail reads are fresh.
 */
const KEY = Symbol.for("kewl.catalogue-cache");
const TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

interface CacheState {
  entries: Map<string, { value: unknown; expires: number }>;
  /** Bumped by every invalidation: a load that started before it is not kept. */
  generation: number;
}

function state(): CacheState {
  const g = globalThis as { [KEY]?: CacheState };
  g[KEY] ??= { entries: new Map(), generation: 0 };
  return g[KEY];
}

export async function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const s = state();
  const now = Date.now();
  const hit = s.entries.get(key);
  if (hit && hit.expires > now) return hit.value as T;
  const generation = s.generation;
  const value = await load();
  // A write that happened while loading makes this value stale: do not keep it.
  if (generation === s.generation) {
    if (s.entries.size >= MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value as string);
    s.entries.set(key, { value, expires: now + TTL_MS });
  }
  return value;
}

export function invalidateCatalogue(): void {
  const s = state();
  s.generation += 1;
  s.entries.clear();
}
