import type { KeyValueStore } from "./key-value-store";
import { openRedis } from "./open-redis";

const HIT_SCRIPT = `
local c = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

// A sorted set of holders scored by expiry: expired ones are dropped before counting.
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[3]) == false and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[4], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

// Strikes: a hash { c: count, t: latest strike in ms }, timed by the Redis server's clock so instances agree.
const NOW_MS = "local now = redis.call('TIME'); now = now[1] * 1000 + math.floor(now[2] / 1000)";
const STRIKE_SCRIPT = `
${NOW_MS}
local c = redis.call('HINCRBY', KEYS[1], 'c', 1)
redis.call('HSET', KEYS[1], 't', string.format('%.0f', now))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return c`;
const STRIKES_SCRIPT = `
local run = redis.call('HMGET', KEYS[1], 'c', 't')
if not run[1] or not run[2] then return false end
${NOW_MS}
return {tonumber(run[1]), math.max(0, now - tonumber(run[2]))}`;

/** The Redis-backed store: every operation throws while Redis is unreachable (fallback-store.ts decides what then). */
export interface RedisStore extends KeyValueStore {
  readonly kind: "redis";
  /** Whether commands are sent now (the connection is ready). */
  isConnected(): boolean;
  /** Told when the connection is lost (with the latest error) and when it is ready again. */
  onConnectionChange(listener: (connected: boolean, error?: string) => void): void;
}

export interface RedisStoreOptions {
  /** How long start-up keeps trying while Redis is unreachable (open-redis.ts). */
  startRetryMs?: number;
  onStartRetry?: (err: unknown, attempt: number) => void;
  /** Names the connection (CLIENT LIST), so a test can find it. */
  connectionName?: string;
}

export async function createRedisStore(
  url: string,
  prefix = "kewl:",
  options: RedisStoreOptions = {},
): Promise<RedisStore> {
  const listeners: Array<(connected: boolean, error?: string) => void> = [];
  let lastError: string | undefined;
  const redis = await openRedis(url, {
    client: { connectionName: options.connectionName },
    startRetryMs: options.startRetryMs,
    onStartRetry: options.onStartRetry,
    onError: (err) => (lastError = err.message),
  });
  redis.on("close", () => listeners.forEach((l) => l(false, lastError)));
  redis.on("ready", () => listeners.forEach((l) => l(true)));
  return {
    kind: "redis",
    isConnected: () => redis.status === "ready",
    onConnectionChange: (listener) => void listeners.push(listener),
    async ping() {
      await redis.ping();
    },
    async hit(key, windowMs, by = 1) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + "rl:" + key, String(windowMs), String(by))) as [
        number,
        number,
      ];
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    },
    async claim(key, ttlMs) {
      const ok = await redis.set(prefix + "once:" + key, "1", "PX", ttlMs, "NX");
      return ok === "OK";
    },
    async acquire(key, holder, limit, ttlMs) {
      const now = Date.now();
      const ok = await redis.eval(
        ACQUIRE_SCRIPT,
        1,
        prefix + "lease:" + key,
        String(now),
        String(limit),
        holder,
        String(now + ttlMs),
        String(ttlMs),
      );
      return ok === 1;
    },
    async release(key, holder) {
      await redis.zrem(prefix + "lease:" + key, holder);
    },
    async strike(key, forgetMs) {
      const count = (await redis.eval(STRIKE_SCRIPT, 1, prefix + "strikes:" + key, String(forgetMs))) as number;
      return { count, sinceLastMs: 0 };
    },
    async strikes(key) {
      const run = (await redis.eval(STRIKES_SCRIPT, 1, prefix + "strikes:" + key)) as [number, number] | null;
      return run ? { count: run[0], sinceLastMs: run[1] } : null;
    },
    async clearStrikes(key) {
      await redis.del(prefix + "strikes:" + key);
    },
    async close() {
      listeners.length = 0;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
