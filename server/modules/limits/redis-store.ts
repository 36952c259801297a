import type { KeyValueStore } from "./key-value-store";

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

export async function createRedisStore(url: string, prefix = "kewl:"): Promise<KeyValueStore> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  await redis.connect();
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + "rl:" + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    },
    async claim(key, ttlMs) {
      const ok = await redis.set(prefix + "once:" + key, "1", "PX", ttlMs, "NX");
      return ok === "OK";
    },
    async close() {
      await redis.quit();
    },
  };
}
