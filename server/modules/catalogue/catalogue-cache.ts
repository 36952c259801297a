/**
 * A small TTL cache for catalogue reads (lists, search, tags), shared by the API and the server-rendered pages
 * (which Next bundles separately, hence globalThis). Character changes call invalidateCatalogue(); with Redis
 * configured that reaches every other instance at once (catalogue-invalidation.ts), otherwise, or while Redis is
 * unreachable, they converge within the TTL. Favourite counts on cards may lag by up to the TTL; detail reads are
 * fresh.
 */
const KEY = Symbol.for("kewl.catalogue-cache");
const TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

interface CacheState {
  entries: Map<string, { value: unknown; expires: number }>;
  /** Bumped by every invalidation: a load that started before it is not kept. */
  generation: number;
  /** Tells the other instances (set when Redis is configured). */
  broadcast?: { publish: () => void; close: () => Promise<void> };
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

/** Forgets every cached read here and tells the other instances to do the same. */
export function invalidateCatalogue(): void {
  clearCatalogue();
  state().broadcast?.publish();
}

/** Forgets every cached read of this process only (what an invalidation from another instance does). */
export function clearCatalogue(): void {
  const s = state();
  s.generation += 1;
  s.entries.clear();
}

/** Makes invalidateCatalogue() also reach the other instances (undefined: this process only). */
export function setCatalogueBroadcast(broadcast: CacheState["broadcast"]): void {
  state().broadcast = broadcast;
}

/** Stops telling other instances and closes the connections that did (server shutdown). */
export async function stopCatalogueBroadcast(): Promise<void> {
  const s = state();
  const broadcast = s.broadcast;
  s.broadcast = undefined;
  await broadcast?.close();
}
