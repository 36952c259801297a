import type { Logger } from "../../logger";
import type { AcquireOptions, KeyValueStore } from "./key-value-store";

/** One lease a keeper renews: taking it again as the same holder moves its expiry on. */
export interface KeptLease {
  key: string;
  holder: string;
  limit: number;
  options?: AcquireOptions;
}

/**
 * Renews leases while their work is alive, so a lease can be short: when its process dies it lapses within ttlMs
 * instead of outliving any work it could guard. One timer per store and lifetime renews every lease kept in it,
 * three times per lifetime.
 */
class LeaseKeeper {
  private readonly kept = new Set<KeptLease[]>();
  private timer: NodeJS.Timeout | undefined;
  private renewing = false;
  private warned = false;

  constructor(
    private readonly store: KeyValueStore,
    private readonly ttlMs: number,
    private readonly logger: Logger,
  ) {}

  keep(leases: KeptLease[]): () => void {
    this.kept.add(leases);
    this.timer ??= setInterval(() => void this.renew(), Math.max(100, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
    return () => {
      this.kept.delete(leases);
      if (this.kept.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  private async renew(): Promise<void> {
    if (this.renewing) return;
    this.renewing = true;
    try {
      const all = [...this.kept].flat();
      const results = await Promise.allSettled(
        all.map((l) => this.store.acquire(l.key, l.holder, l.limit, this.ttlMs, l.options)),
      );
      const failed = results.filter((r) => r.status === "rejected").length;
      // A lease someone else took meanwhile (it lapsed while the store was away) stays lost: its work goes on.
      if (failed > 0 && !this.warned) this.logger.warn("lease renewal failed", { leases: failed });
      this.warned = failed > 0;
    } finally {
      this.renewing = false;
    }
  }
}

const keepers = new WeakMap<KeyValueStore, Map<number, LeaseKeeper>>();

/** Renews `leases` (held in `store` for ttlMs) until the returned function is called. */
export function keepLeases(store: KeyValueStore, ttlMs: number, logger: Logger, leases: KeptLease[]): () => void {
  let byTtl = keepers.get(store);
  if (!byTtl) keepers.set(store, (byTtl = new Map()));
  let keeper = byTtl.get(ttlMs);
  if (!keeper) byTtl.set(ttlMs, (keeper = new LeaseKeeper(store, ttlMs, logger)));
  return keeper.keep(leases);
}
