import { sql } from "drizzle-orm";
import type { Db } from "../../db/types";
import type { CollectedEvent } from "./sanitize-event";

/** One event as the JSON object of insertRows' recordset (made once per event, when it is collected). */
export type EventRow = string & { readonly __eventRow: unique symbol };

/** A row's size as stored, near enough: the UTF-8 bytes of its JSON. */
export function rowBytes(row: EventRow): number {
  return Buffer.byteLength(row);
}

export function eventRow(e: CollectedEvent): EventRow {
  return JSON.stringify({
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
  }) as EventRow;
}

/**
 * Stores events in one statement: the rows travel as one JSON parameter unpacked by jsonb_to_recordset (one
 * parameter however many rows, the same SQL on PGlite and Postgres; measured cheaper on Postgres's side than
 * json_to_recordset, which parses each row's properties again, and in all than unnest, whose arrays cost Node
 * more). A resent event (same distinct_id, _track_id and time) is skipped, also within the same call.
 */
export async function insertRows(db: Db, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into analytics_events
      (received_at, time, event, type, distinct_id, login_id, anonymous_id, track_id, path, properties)
    select received_at, time, event, type, distinct_id, login_id, anonymous_id, track_id, path, properties
    from jsonb_to_recordset(${`[${rows.join(",")}]`}::jsonb) as r(
      received_at timestamptz, time timestamptz, event text, type text, distinct_id text, login_id text,
      anonymous_id text, track_id bigint, path text, properties jsonb
    )
    on conflict (distinct_id, track_id, time) do nothing`);
}

export function insertEvents(db: Db, events: readonly CollectedEvent[]): Promise<void> {
  return insertRows(db, events.map(eventRow));
}
