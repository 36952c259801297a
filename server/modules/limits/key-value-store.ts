/**
 * The small shared state the API kernel needs: fixed-window counters (rate limits) and one-time claims
 * (signature nonces). In memory for one process; Redis when several instances must agree.
 */
export interface KeyValueStore {
  /** Increments the counter for key in the current window; returns the new count and ms until reset. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** True when key was not claimed within ttlMs (and claims it now). */
  claim(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}
