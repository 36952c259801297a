import type { KeyValueStore } from "./key-value-store";

export function createMemoryStore(now: () => number = Date.now): KeyValueStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const claims = new Map<string, number>();
  const leases = new Map<string, Map<string, number>>();
  const strikes = new Map<string, { count: number; lastAt: number; forgetAt: number }>();
  let lastSweep = now();

  // Bounded memory: expired entries are dropped at most once a second, on use.
  const sweep = () => {
    const t = now();
    if (t - lastSweep < 1000) return;
    lastSweep = t;
    for (const [k, v] of counters) if (v.resetAt <= t) counters.delete(k);
    for (const [k, exp] of claims) if (exp <= t) claims.delete(k);
    for (const [k, holders] of leases) {
      for (const [h, exp] of holders) if (exp <= t) holders.delete(h);
      if (holders.size === 0) leases.delete(k);
    }
    for (const [k, v] of strikes) if (v.forgetAt <= t) strikes.delete(k);
  };

  return {
    kind: "memory",
    async ping() {},
    async hit(key, windowMs, by = 1) {
      sweep();
      const t = now();
      const entry = counters.get(key);
      if (!entry || entry.resetAt <= t) {
        counters.set(key, { count: by, resetAt: t + windowMs });
        return { count: by, resetMs: windowMs };
      }
      entry.count += by;
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
    async acquire(key, holder, limit, ttlMs) {
      sweep();
      const t = now();
      let holders = leases.get(key);
      if (!holders) leases.set(key, (holders = new Map()));
      for (const [h, exp] of holders) if (exp <= t) holders.delete(h);
      if (!holders.has(holder) && holders.size >= limit) return false;
      holders.set(holder, t + ttlMs);
      return true;
    },
    async release(key, holder) {
      const holders = leases.get(key);
      holders?.delete(holder);
      if (holders?.size === 0) leases.delete(key);
    },
    async strike(key, forgetMs) {
      sweep();
      const t = now();
      const run = strikes.get(key);
      const count = run && run.forgetAt > t ? run.count + 1 : 1;
      strikes.set(key, { count, lastAt: t, forgetAt: t + forgetMs });
      return { count, sinceLastMs: 0 };
    },
    async strikes(key) {
      sweep();
      const t = now();
      const run = strikes.get(key);
      if (!run || run.forgetAt <= t) return null;
      return { count: run.count, sinceLastMs: t - run.lastAt };
    },
    async clearStrikes(key) {
      strikes.delete(key);
    },
    async close() {
      strikes.clear();
      counters.clear();
      claims.clear();
      leases.clear();
    },
  };
}
