import type { Logger } from "../../logger";
import type { KeyValueStore } from "./key-value-store";
import { createMemoryStore } from "./memory-store";
import { isRedisUnavailable, REDIS_COMMAND_TIMEOUT_MS } from "./open-redis";
import type { RedisStore } from "./redis-store";
import { sharedStoreUnavailable } from "./shared-store-unavailable";

/** Releases that could not reach Redis, sent once it is back; beyond this many the rest lapse by their TTL. */
const PENDING_RELEASES_MAX = 10_000;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The Redis store, kept usable while Redis is unreachable (README "Redis"): rate limits, sign-in strikes,
 * signature nonces and leases that are quotas (streams per user) go to this instance's memory, so they then hold
 * per instance; a lease that must hold across instances ({ shared: "required" }: one reply per chat) goes there
 * too while `soleInstance` says no other instance is alive (memory is then the whole site's), else is refused with
 * a 503. Loss and recovery are logged once each. A command that times out on a connection that still
 * looks up (a hung server) sends everything to memory until a PING answers again.
 */
export function withMemoryFallback(
  redis: RedisStore,
  logger: Logger,
  memory: KeyValueStore = createMemoryStore(),
  soleInstance: () => Promise<boolean> = async () => false,
): KeyValueStore {
  let onMemory = false;
  let hung = false;
  let probe: NodeJS.Timeout | undefined;
  const pendingReleases = new Map<string, { key: string; holder: string }>();

  const lost = (error?: string) => {
    if (onMemory) return;
    onMemory = true;
    logger.warn(
      "Redis unavailable: rate limits, sign-in back-off, request nonces and stream quotas now hold per instance " +
        "(this instance's memory); with other instances alive, replies and chat changes answer 503 meanwhile",
      { error },
    );
  };
  const back = () => {
    hung = false;
    if (!onMemory) return;
    onMemory = false;
    logger.info("Redis is back: limits, leases and nonces are shared across instances again");
    const releases = [...pendingReleases.values()];
    pendingReleases.clear();
    for (const { key, holder } of releases) redis.release(key, holder).catch(() => undefined);
  };
  redis.onConnectionChange((connected, error) => (connected ? back() : lost(error)));

  // A hung server: the connection stays "ready", so no event says when it answers again; ask it every second.
  const probeUntilAnswered = () => {
    if (probe) return;
    probe = setInterval(() => {
      redis.ping().then(
        () => {
          clearInterval(probe);
          probe = undefined;
          back();
        },
        () => undefined,
      );
    }, REDIS_COMMAND_TIMEOUT_MS);
    probe.unref();
  };

  async function shared<T>(viaRedis: () => Promise<T>, otherwise: () => Promise<T>): Promise<T> {
    if (hung || !redis.isConnected()) {
      lost();
      return otherwise();
    }
    try {
      return await viaRedis();
    } catch (err) {
      if (!isRedisUnavailable(err)) throw err;
      if (redis.isConnected()) {
        hung = true;
        probeUntilAnswered();
      }
      lost(errorText(err));
      return otherwise();
    }
  }

  return {
    kind: "redis",
    // Known to be away: say so at once rather than wait out another command timeout.
    ping: () => (hung || !redis.isConnected() ? Promise.reject(new Error("Redis is unavailable")) : redis.ping()),
    hit: (key, windowMs, by) =>
      shared(
        () => redis.hit(key, windowMs, by),
        () => memory.hit(key, windowMs, by),
      ),
    claim: (key, ttlMs) =>
      shared(
        () => redis.claim(key, ttlMs),
        () => memory.claim(key, ttlMs),
      ),
    acquire: (key, holder, limit, ttlMs, options) =>
      shared(
        () => redis.acquire(key, holder, limit, ttlMs),
        async () => {
          if (options?.shared === "required" && !(await soleInstance())) throw sharedStoreUnavailable();
          return memory.acquire(key, holder, limit, ttlMs);
        },
      ),
    async release(key, holder) {
      // The lease may have been taken in either place; one Redis could not drop is dropped once it is back.
      await memory.release(key, holder);
      await shared(
        () => redis.release(key, holder),
        async () => {
          if (pendingReleases.size < PENDING_RELEASES_MAX) pendingReleases.set(`${key}\n${holder}`, { key, holder });
        },
      );
    },
    strike: (key, forgetMs) =>
      shared(
        () => redis.strike(key, forgetMs),
        () => memory.strike(key, forgetMs),
      ),
    strikes: (key) =>
      shared(
        () => redis.strikes(key),
        () => memory.strikes(key),
      ),
    async clearStrikes(key) {
      await memory.clearStrikes(key);
      await shared(
        () => redis.clearStrikes(key),
        async () => undefined,
      );
    },
    async close() {
      clearInterval(probe);
      await Promise.all([redis.close(), memory.close()]);
    },
  };
}
