import { and, desc, eq, gte } from "drizzle-orm";
import { z } from "zod";
import { analyticsEvents } from "../../db/schema";
import type { Db } from "../../db/types";

const DAY_MS = 24 * 3600_000;

/** GET /v1/analytics/events: `event` (a name), `since` (ms since the epoch, by received_at; default a day ago), `limit` (≤ 500). */
export const eventsQuery = z.object({
  event: z.string().min(1).max(100).optional(),
  since: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export interface StoredEvent {
  event: string | null;
  type: string;
  distinct_id: string;
  login_id: string | null;
  /** The SDK's time and the collector's, in ms since the epoch. */
  time: number;
  received_at: number;
  path: string | null;
  properties: Record<string, unknown>;
}

/** Raw events received since `since`, newest first. */
export async function readEvents(
  db: Db,
  query: z.infer<typeof eventsQuery>,
  now = Date.now(),
): Promise<{ items: StoredEvent[] }> {
  const since = new Date(query.since ?? now - DAY_MS);
  const rows = await db
    .select({
      event: analyticsEvents.event,
      type: analyticsEvents.type,
      distinctId: analyticsEvents.distinctId,
      loginId: analyticsEvents.loginId,
      time: analyticsEvents.time,
      receivedAt: analyticsEvents.receivedAt,
      path: analyticsEvents.path,
      properties: analyticsEvents.properties,
    })
    .from(analyticsEvents)
    .where(
      and(gte(analyticsEvents.receivedAt, since), query.event ? eq(analyticsEvents.event, query.event) : undefined),
    )
    .orderBy(desc(analyticsEvents.receivedAt), desc(analyticsEvents.id))
    .limit(query.limit);
  return {
    items: rows.map((row) => ({
      event: row.event,
      type: row.type,
      distinct_id: row.distinctId,
      login_id: row.loginId,
      time: row.time.getTime(),
      received_at: row.receivedAt.getTime(),
      path: row.path,
      properties: row.properties,
    })),
  };
}
