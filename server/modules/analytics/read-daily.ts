import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/types";

const DAY_MS = 24 * 3600_000;
/** Days one request may span. */
export const MAX_DAILY_SPAN_DAYS = 92;
/** Rows per day and section: the most viewed paths, the most frequent errors, the most measured paths. */
const TOP_PAGES = 100;
const TOP_ERRORS = 100;
const TOP_PERFORMANCE_PATHS = 50;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD")
  .refine((day) => new Date(Date.parse(`${day}T00:00:00Z`) || 0).toISOString().startsWith(day), "not a date");

/** GET /v1/analytics/daily: `from` and `to`, UTC days, at most MAX_DAILY_SPAN_DAYS apart. */
export const dailyQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine(({ from, to }) => from <= to, { message: "must not be before 'from'", path: ["to"] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) < MAX_DAILY_SPAN_DAYS * DAY_MS, {
    message: `at most ${MAX_DAILY_SPAN_DAYS} days after 'from'`,
    path: ["to"],
  });

const count = z.coerce.number().int();
const figure = z.coerce.number();
const rowsOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row) });
const totalsAnswer = rowsOf(
  z.object({ day: z.string(), events: count, pageviews: count, visitors: count, errors: count }),
);
const pagesAnswer = rowsOf(z.object({ day: z.string(), path: z.string(), pageviews: count, visitors: count }));
const errorsAnswer = rowsOf(z.object({ day: z.string(), message: z.string(), count, visitors: count }));
const performanceAnswer = rowsOf(
  z.object({
    day: z.string(),
    path: z.string(),
    metric: z.string(),
    samples: count,
    p50: figure,
    p75: figure,
    p95: figure,
  }),
);

export type DailyRollups = {
  days: z.infer<typeof totalsAnswer>["rows"];
  pages: z.infer<typeof pagesAnswer>["rows"];
  errors: z.infer<typeof errorsAnswer>["rows"];
  performance: z.infer<typeof performanceAnswer>["rows"];
};

/**
 * The roll-ups of the rolled-up days between from and to (the current day is not among them until it ended):
 * the site's totals per day, and per day the top paths by views, the top errors by count and the performance
 * figures of the most measured paths.
 */
export async function readDaily(db: Db, { from, to }: z.infer<typeof dailyQuery>): Promise<DailyRollups> {
  const days = totalsAnswer.parse(
    await db.execute(sql`
      select day::text as day, events, pageviews, visitors, errors from analytics_daily_totals
      where day between ${from} and ${to} order by day`),
  ).rows;
  // The first `top` rows of each day (table, columns and order are this file's constants, never input).
  const topPerDay = (table: string, columns: string, order: string, top: number) =>
    db.execute(sql`
      select day::text as day, ${sql.raw(columns)} from (
        select *, row_number() over (partition by day order by ${sql.raw(order)}) as rank
        from ${sql.raw(table)} where day between ${from} and ${to}
      ) ranked where rank <= ${top} order by day, rank`);
  const pages = pagesAnswer.parse(
    await topPerDay("analytics_daily_pages", "path, pageviews, visitors", "pageviews desc, path", TOP_PAGES),
  ).rows;
  const errors = errorsAnswer.parse(
    await topPerDay("analytics_daily_errors", "message, count, visitors", "count desc, message", TOP_ERRORS),
  ).rows;
  const performance = performanceAnswer.parse(
    await db.execute(sql`
      with paths as (
        select day, path, row_number() over (partition by day order by max(samples) desc, path) as rank
        from analytics_daily_performance where day between ${from} and ${to} group by day, path
      )
      select p.day::text as day, p.path, p.metric, p.samples, p.p50, p.p75, p.p95
      from analytics_daily_performance p join paths on paths.day = p.day and paths.path = p.path
      where paths.rank <= ${TOP_PERFORMANCE_PATHS} order by p.day, paths.rank, p.metric`),
  ).rows;
  return { days, pages, errors, performance };
}
