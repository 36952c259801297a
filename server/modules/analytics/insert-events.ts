import { sql } from "drizzle-orm";
import type { Db } from "../../db/types";
import type { CollectedEvent } from "./sanitize-event";

/**
 * Stores events in one statement: the rows travel as one JSON parameter unpacked by json_to_recordset (one
 * parameter however many rows, the same SQL on PGlite and Postgres). A resent event (same distinct_id, _track_id
 * and time) is skipped, also within the same call.
 */
export async function insertEvents(db: Db, events: readonly CollectedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = JSON.stringify(
    events.map((e) => ({
      received_at: new Date(e.receivedAt).toISOString(),
      time: new Date(e.time).toISOString(),
      event: e.event,
      type: e.type,
      distinct_id: e.distinctId,
      login_id: e.loginId,
      anonymous_id: e.anonymousId,
      track_id: e.trackId,
      path: e.path,
      properties: e.properties,
    })),
  );
  await db.execute(sql`
    insert into analytics_events
      (received_at, time, event, type, distinct_id, login_id, anonymous_id, track_id, path, properties)
    select received_at, time, event, type, distinct_id, login_id, anonymous_id, track_id, path, properties
    from json_to_recordset(${rows}::json) as r(
      received_at timestamptz, time timestamptz, event text, type text, distinct_id text, login_id text,
      anonymous_id text, track_id bigint, path text, properties jsonb
    )
    on conflict (distinct_id, track_id, time) do nothing`);
}
