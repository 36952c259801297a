import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * What the collector (/v1/sa) stores, one row per event as sa-sdk-javascript sent it, after validation and caps
 * (server/modules/analytics/sanitize-event.ts). No address, user agent or identity beyond the SDK's ids: the login
 * id (our uid) and the visitor's cookie id. Kept ANALYTICS_RETENTION_DAYS, rolled up per day before that.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The server's clock when the collector accepted it: days, retention and the read API go by this. */
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    /** The SDK's `time` (the browser's clock). */
    time: timestamp("time", { withTimezone: true }).notNull(),
    /** Null for the SDK's profile_* records, which carry no event name. */
    event: text("event"),
    type: text("type").notNull(),
    distinctId: text("distinct_id").notNull(),
    loginId: text("login_id"),
    anonymousId: text("anonymous_id"),
    /** The SDK's `_track_id`: with distinct_id and time, what makes a resent batch land once. */
    trackId: bigint("track_id", { mode: "number" }),
    /** The page: `$url_path`, else the path of `$url`. */
    path: text("path"),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex("analytics_events_once_uq").on(t.distinctId, t.trackId, t.time),
    index("analytics_events_received_idx").on(t.receivedAt),
  ],
);

/** One row per rolled-up UTC day (its presence marks the day as done): the whole site's figures. */
export const analyticsDailyTotals = pgTable("analytics_daily_totals", {
  day: date("day", { mode: "string" }).primaryKey(),
  events: integer("events").notNull(),
  pageviews: integer("pageviews").notNull(),
  visitors: integer("visitors").notNull(),
  errors: integer("errors").notNull(),
  rolledUpAt: timestamp("rolled_up_at", { withTimezone: true }).notNull().defaultNow(),
});

/** $pageview per day and path: views, and distinct visitors (the SDK's anonymous id). */
export const analyticsDailyPages = pgTable(
  "analytics_daily_pages",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    pageviews: integer("pageviews").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** kewlweb_onerror per day and message: how many, from how many visitors. */
export const analyticsDailyErrors = pgTable(
  "analytics_daily_errors",
  {
    day: date("day", { mode: "string" }).notNull(),
    message: text("message").notNull(),
    count: integer("count").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.message] })],
);

/** kewlweb_performance per day, path and figure (dns, tcp, …, fcp): samples and percentiles in ms. */
export const analyticsDailyPerformance = pgTable(
  "analytics_daily_performance",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    metric: text("metric").notNull(),
    samples: integer("samples").notNull(),
    p50: doublePrecision("p50").notNull(),
    p75: doublePrecision("p75").notNull(),
    p95: doublePrecision("p95").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.metric] })],
);
