import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  analyticsDailyErrors,
  analyticsDailyPages,
  analyticsDailyPerformance,
  analyticsDailyTotals,
} from "../../db/schema";
import type { Db } from "../../db/types";

/** The events the roll-ups read (the browser sends them: lib/analytics). */
export const ROLLUP_EVENTS = {
  pageView: "$pageview",
  error: "kewlweb_onerror",
  performance: "kewlweb_performance",
} as const;

/** kewlweb_performance's numeric properties, in ms, rolled up as p50/p75/p95 per page. */
export const PERFORMANCE_METRICS = [
  "dns",
  "tcp",
  "request",
  "white_screen",
  "dom_ready",
  "load",
  "first_screen",
  "fcp",
] as const;

/** A figure above this (10 minutes) or below 0 is left out of the percentiles. */
const MAX_FIGURE_MS = 600_000;
/** Error messages are grouped by their first characters (they key the roll-up). */
const MESSAGE_KEY_LENGTH = 512;
/** A day is rolled up once it ended this long ago: the writer's last batch of it is in by then. */
const GRACE_MS = 5 * 60_000;
// Arbitrary constant: one roll-up at a time across the app's processes.
const ROLLUP_LOCK_ID = 72_010_531;
const DAY_MS = 24 * 3600_000;

const lockAnswer = z.object({ rows: z.array(z.object({ locked: z.boolean() })) });
const daysAnswer = z.object({ rows: z.array(z.object({ day: z.string() })) });

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// A visitor is the SDK's anonymous (cookie) id, which stays the same when the visitor signs in.
const VISITOR = sql.raw("coalesce(anonymous_id, distinct_id)");

/**
 * Rolls up one UTC day of raw events by received_at (replacing an earlier roll-up of it): page views and visitors
 * per path, errors per message, performance percentiles (percentile_cont: interpolated) per path and figure, and
 * the day's totals, whose row marks the day as done. False when another process is rolling up now.
 */
export async function rollUpDay(db: Db, day: string): Promise<boolean> {
  const start = new Date(`${day}T00:00:00Z`);
  const end = new Date(start.getTime() + DAY_MS);
  const inDay = sql`received_at >= ${start} and received_at < ${end}`;
  const metrics = sql.join(
    PERFORMANCE_METRICS.map((metric) => sql`(${metric})`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    const [lock] = lockAnswer.parse(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK_ID}) as locked`),
    ).rows;
    if (!lock?.locked) return false;
    for (const table of [analyticsDailyPages, analyticsDailyErrors, analyticsDailyPerformance, analyticsDailyTotals]) {
      await tx.delete(table).where(eq(table.day, day));
    }
    await tx.execute(sql`
      insert into analytics_daily_pages (day, path, pageviews, visitors)
      select ${day}, coalesce(path, ''), count(*), count(distinct ${VISITOR})
      from analytics_events where ${inDay} and event = ${ROLLUP_EVENTS.pageView}
      group by 2`);
    await tx.execute(sql`
      insert into analytics_daily_errors (day, message, count, visitors)
      select ${day}, left(coalesce(properties ->> 'message', ''), ${MESSAGE_KEY_LENGTH}), count(*), count(distinct ${VISITOR})
      from analytics_events where ${inDay} and event = ${ROLLUP_EVENTS.error}
      group by 2`);
    await tx.execute(sql`
      insert into analytics_daily_performance (day, path, metric, samples, p50, p75, p95)
      select ${day}, coalesce(e.path, ''), m.metric, count(*),
        percentile_cont(0.5) within group (order by f.value),
        percentile_cont(0.75) within group (order by f.value),
        percentile_cont(0.95) within group (order by f.value)
      from analytics_events e
      cross join (values ${metrics}) as m(metric)
      cross join lateral (
        select case when jsonb_typeof(e.properties -> m.metric) = 'number'
          then (e.properties ->> m.metric)::double precision end as value
      ) f
      where e.received_at >= ${start} and e.received_at < ${end} and e.event = ${ROLLUP_EVENTS.performance}
        and f.value between 0 and ${MAX_FIGURE_MS}
      group by 2, 3`);
    await tx.execute(sql`
      insert into analytics_daily_totals (day, events, pageviews, visitors, errors)
      select ${day}, count(*),
        count(*) filter (where event = ${ROLLUP_EVENTS.pageView}),
        count(distinct ${VISITOR}) filter (where event = ${ROLLUP_EVENTS.pageView}),
        count(*) filter (where event = ${ROLLUP_EVENTS.error})
      from analytics_events where ${inDay}`);
    return true;
  });
}

/**
 * Rolls up every finished day not rolled up yet, oldest first: the days from the first raw event's to the last
 * day that ended GRACE_MS before `now` without a totals row. Stops early when another process holds the lock (it
 * is doing the same). Returns the days rolled up.
 */
export async function rollUpFinishedDays(db: Db, now = new Date()): Promise<string[]> {
  const lastFinished = dayOf(now.getTime() - GRACE_MS - DAY_MS);
  const { rows } = daysAnswer.parse(
    await db.execute(sql`
      select d::date::text as day
      from generate_series(
        (select (min(received_at) at time zone 'UTC')::date from analytics_events),
        ${lastFinished}::date,
        interval '1 day'
      ) as d
      where not exists (select 1 from analytics_daily_totals t where t.day = d::date)
      order by 1`),
  );
  const done: string[] = [];
  for (const { day } of rows) {
    if (!(await rollUpDay(db, day))) break;
    done.push(day);
  }
  return done;
}
