import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Logger } from "@/server/logger";
import {
  cachedRead,
  invalidateCatalogue,
  setCatalogueBroadcast,
  stopCatalogueBroadcast,
} from "@/server/modules/catalogue/catalogue-cache";
import {
  connectCatalogueInvalidation,
  type CatalogueInvalidation,
} from "@/server/modules/catalogue/catalogue-invalidation";

const redisUrl = process.env.TEST_REDIS_URL;

/** A logger that keeps what was logged. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const keep = (msg: string) => void lines.push(msg);
  return { lines, debug: keep, info: keep, warn: keep, error: keep };
}

/** A promise resolved by the next call of the function it hands out. */
function nextCall<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.skipIf(!redisUrl)("catalogue cache invalidation across instances over Redis", () => {
  // A channel and connection names of this run's own: the Redis server is shared.
  const run = randomBytes(4).toString("hex");
  const channel = `kewl-test:${run}:catalogue`;
  const logger = recordingLogger();
  let a: CatalogueInvalidation;
  let b: CatalogueInvalidation;
  let aCleared = 0;
  let aWaiter = nextCall<"message" | "reconnected">();
  let bWaiter = nextCall<"message" | "reconnected">();

  beforeAll(async () => {
    a = await connectCatalogueInvalidation(redisUrl!, {
      logger,
      channel,
      clear: () => aCleared++,
      onCleared: (why) => aWaiter.resolve(why),
    });
    b = await connectCatalogueInvalidation(redisUrl!, {
      logger,
      channel,
      connectionName: `kewl-test-${run}-b`,
      onCleared: (why) => bWaiter.resolve(why),
    });
  });
  afterAll(async () => {
    await stopCatalogueBroadcast();
    await b?.close();
  });

  it("clears the other instance's cache when one invalidates, and not its own twice", async () => {
    let loads = 0;
    const load = async () => ++loads;
    await cachedRead("shared-key", load);
    expect(await cachedRead("shared-key", load)).toBe(1);

    // B uses the process cache; A stands for another instance, told through invalidateCatalogue().
    setCatalogueBroadcast(a);
    bWaiter = nextCall();
    invalidateCatalogue();
    expect(await bWaiter.promise).toBe("message");
    expect(await cachedRead("shared-key", load)).toBe(2);
    expect(aCleared).toBe(0);

    // And the other way. Redis delivers in order, so A has skipped its own earlier message by then.
    aWaiter = nextCall();
    b.publish();
    expect(await aWaiter.promise).toBe("message");
    expect(aCleared).toBe(1);
  });

  it("subscribes again after losing its connection, clears once on return and logs the loss once", async () => {
    const admin = new Redis(redisUrl!);
    try {
      const clients = String(await admin.client("LIST"))
        .split("\n")
        .filter((line) => line.includes(`name=kewl-test-${run}-b-sub`));
      expect(clients).toHaveLength(1);
      const clientId = /\bid=(\d+)/.exec(clients[0]!)?.[1];
      bWaiter = nextCall();
      await admin.client("KILL", "ID", clientId!);
      expect(await bWaiter.promise).toBe("reconnected");
      expect(logger.lines.filter((l) => l.includes("lost its Redis connection"))).toHaveLength(1);
      expect(logger.lines).toContain("catalogue invalidation reconnected to Redis");

      // Subscribed again: a new invalidation arrives.
      bWaiter = nextCall();
      a.publish();
      expect(await bWaiter.promise).toBe("message");
    } finally {
      admin.disconnect();
    }
  });
});
