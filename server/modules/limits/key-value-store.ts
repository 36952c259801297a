/** A run of strikes (failed sign-ins) on one key: how many, and how long ago the latest one was. */
export interface Strikes {
  count: number;
  sinceLastMs: number;
}

/** How acquire behaves while the shared store (Redis) is unreachable. */
export interface AcquireOptions {
  /**
   * The lease must hold across instances (one reply per chat): while Redis is unreachable, acquire throws a 503
   * (SharedStoreUnavailable) rather than take a lease only this instance would know about.
   */
  shared?: "required";
}

/**
 * The small shared state the API needs: fixed-window counters (rate limits), one-time claims (signature nonces),
 * leases (at most N holders of a key: one reply per chat session, streams per user) and strikes (sign-in
 * back-off). In memory for one process; Redis when several instances must agree.
 */
export interface KeyValueStore {
  /**
   * Adds `by` (default 1: one request) to the counter for key in the current window; returns the new count and ms
   * until reset.
   */
  hit(key: string, windowMs: number, by?: number): Promise<{ count: number; resetMs: number }>;
  /** True when key was not claimed within ttlMs (and claims it now). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Takes a lease on key for holder when fewer than limit unexpired leases exist; false otherwise. A lease ends
   * with release, or by itself after ttlMs (so a crashed process cannot hold it forever).
   */
  acquire(key: string, holder: string, limit: number, ttlMs: number, options?: AcquireOptions): Promise<boolean>;
  release(key: string, holder: string): Promise<void>;
  /** Adds one strike to key now and returns the run; a run is forgotten forgetMs after its latest strike. */
  strike(key: string, forgetMs: number): Promise<Strikes>;
  /** The run of strikes on key, or null when there is none (never struck, forgotten or cleared). */
  strikes(key: string): Promise<Strikes | null>;
  clearStrikes(key: string): Promise<void>;
  /** "redis" when several instances share it, "memory" for this process alone. */
  readonly kind: "memory" | "redis";
  /** Resolves once the store answers (Redis: PING), rejects when it cannot (readiness checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
