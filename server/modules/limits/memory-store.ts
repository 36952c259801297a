import type { KeyValueStore } from "./key-value-store";

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const claims = new Map<string, number>();
  let lastSweep = now();

  // Bounded memory: expired entries are dropped at most once a second, on use.
  const sweep = () => {
    const t = now();
    if (t - lastSweep < 1000) return;
    lastSweep = t;
    for (const [k, v] of counters) if (v.resetAt <= t) counters.delete(k);
    for (const [k, exp] of claims) if (exp <= t) claims.delete(k);
  };

  return {
    async hit(key, windowMs) {
      sweep();
      const t = now();
      const entry = counters.get(key);
      if (!entry || entry.resetAt <= t) {
        counters.set(key, { count: 1, resetAt: t + windowMs });
        return { count: 1, resetMs: windowMs };
      }
      entry.count += 1;
      return { count: entry.count, resetMs: entry.resetAt - t };
    },
    async claim(key, ttlMs) {
      sweep();
      const t = now();
      const exp = claims.get(key);
      if (exp !== undefined && exp > t) return false;
      claims.set(key, t + ttlMs);
      return true;
    },
    async close() {
      counters.clear();
      claims.clear();
    },
  };
}
