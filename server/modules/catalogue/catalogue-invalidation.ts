import { randomUUID } from "node:crypto";
import type { Logger } from "../../logger";
import { openRedis } from "../limits/open-redis";
import { clearCatalogue } from "./catalogue-cache";

export const CATALOGUE_CHANNEL = "kewl:catalogue:invalidate";

export interface CatalogueInvalidation {
  /** Tells every other instance to clear its catalogue cache. Never throws; a lost connection is logged once. */
  publish(): void;
  close(): Promise<void>;
}

export interface InvalidationOptions {
  logger: Logger;
  channel?: string;
  /** What a message from another instance does (default: clear this process's catalogue cache). */
  clear?: () => void;
  /** Called after `clear` for each message from another instance, and after a reconnect (tests wait on it). */
  onCleared?: (why: "message" | "reconnected") => void;
  /** Names the connections (CLIENT LIST), so a test can find and cut them. */
  connectionName?: string;
  /** How long start-up keeps trying while Redis is unreachable (open-redis.ts). */
  startRetryMs?: number;
}

/**
 * Catalogue cache invalidation across instances over Redis pub/sub: each instance publishes its own id on
 * CATALOGUE_CHANNEL and clears its cache when another id arrives. The subscriber has a connection of its own (a
 * subscribed connection can do nothing else). A lost connection is harmless: publishing fails quietly, each
 * instance's cache still expires within its TTL, ioredis reconnects, the subscriber subscribes again, and since messages may
 * have been missed meanwhile, the cache is cleared once on reconnect. Loss and recovery are logged once each.
 */
export async function connectCatalogueInvalidation(
  url: string,
  opts: InvalidationOptions,
): Promise<CatalogueInvalidation> {
  const channel = opts.channel ?? CATALOGUE_CHANNEL;
  const clear = opts.clear ?? clearCatalogue;
  const id = randomUUID();
  const name = opts.connectionName;
  let down = false;
  let closing = false;
  let started = false;
  const lost = (err?: Error) => {
    if (!started || down || closing) return;
    down = true;
    opts.logger.warn(
      "catalogue invalidation lost its Redis connection; other instances' changes show within the cache TTL",
      {
        error: err?.message,
      },
    );
  };
  // No offline queue on the publisher (open-redis.ts): while Redis is away a publish fails at once instead of
  // piling up. Both clients have an error listener from the start, so none goes unheard.
  const opened = await Promise.allSettled([
    openRedis(url, {
      client: { connectionName: name && `${name}-pub` },
      startRetryMs: opts.startRetryMs,
      onError: lost,
    }),
    openRedis(url, {
      client: { autoResubscribe: false, enableOfflineQueue: true, connectionName: name && `${name}-sub` },
      startRetryMs: opts.startRetryMs,
      onError: lost,
    }),
  ]);
  const [publisher, subscriber] = opened.map((result) => (result.status === "fulfilled" ? result.value : null));
  if (!publisher || !subscriber) {
    publisher?.disconnect();
    subscriber?.disconnect();
    throw opened.find((result) => result.status === "rejected")?.reason;
  }
  subscriber.on("close", () => lost());
  subscriber.on("message", (ch: string, message: string) => {
    if (ch !== channel || message === id) return;
    clear();
    opts.onCleared?.("message");
  });
  let subscribedOnce = false;
  // After a reconnect: subscribe again (here rather than ioredis's autoResubscribe, so we know when it is done),
  // then start afresh, because messages may have been missed while away.
  subscriber.on("ready", () => {
    if (!subscribedOnce) return;
    subscriber
      .subscribe(channel)
      .then(() => {
        clear();
        if (down) opts.logger.info("catalogue invalidation reconnected to Redis");
        down = false;
        opts.onCleared?.("reconnected");
      })
      .catch((err: unknown) => lost(err instanceof Error ? err : undefined));
  });

  await subscriber.subscribe(channel);
  subscribedOnce = true;
  started = true;

  return {
    publish() {
      publisher.publish(channel, id).catch((err: unknown) => lost(err instanceof Error ? err : undefined));
    },
    async close() {
      closing = true;
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
