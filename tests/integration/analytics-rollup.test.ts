import { count, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsDailyTotals, analyticsEvents } from "@/server/db/schema";
import type { DbHandle } from "@/server/db/types";
import { rollUpDay, rollUpFinishedDays } from "@/server/modules/analytics/daily-rollup";
import { insertEvents } from "@/server/modules/analytics/insert-events";
import { runAnalyticsMaintenance } from "@/server/modules/analytics/maintenance";
import type { DailyRollups } from "@/server/modules/analytics/read-daily";
import { deleteExpiredEvents } from "@/server/modules/analytics/retention";
import type { CollectedEvent } from "@/server/modules/analytics/sanitize-event";
import { openSdkPage, type SdkPage } from "@/tests/support/sa-sdk-browser";
import { collectorApi, ORIGIN, postForm, READ_TOKEN, sdkEvent } from "./analytics-support";
import type { TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const DAY_MS = 24 * 3600_000;
const at = (iso: string) => Date.parse(iso);
let trackId = 0;

/** A stored event received at `receivedAt` (an ISO time), from visitor `visitor`. */
function received(
  receivedAt: string,
  visitor: string,
  event: string,
  path: string,
  properties: Record<string, unknown> = {},
  loginId: string | null = null,
): CollectedEvent {
  return {
    receivedAt: at(receivedAt),
    time: at(receivedAt) - 1000,
    event,
    type: "track",
    distinctId: loginId ?? visitor,
    loginId,
    anonymousId: visitor,
    trackId: ++trackId,
    path,
    properties,
  };
}

describe.each(testDrivers())("analytics roll-ups and retention on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  let page: SdkPage;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    api = collectorApi(database);
    page = openSdkPage(`${ORIGIN}/`, async () => 200);
  });
  afterAll(async () => {
    page?.close();
    await api?.deps.analytics.close();
    await database?.close();
  });

  const daily = async (from: string, to: string): Promise<DailyRollups> => {
    const res = await api.request(`/v1/analytics/daily?from=${from}&to=${to}`, {
      headers: { authorization: `Bearer ${READ_TOKEN}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: DailyRollups }).data;
  };

  it("rolls up finished days: views and visitors per path, errors by message, performance percentiles", async () => {
    const day = "2026-01-10";
    const t = (hhmm: string) => `${day}T${hhmm}:00Z`;
    await insertEvents(database.db, [
      // Visitor a views /a twice (once signed in: the same visitor), b views /a and /b; c only clicks.
      received(t("08:00"), "a", "$pageview", "/a"),
      received(t("09:00"), "a", "$pageview", "/a", {}, "uid-a"),
      received(t("10:00"), "b", "$pageview", "/a"),
      received(t("11:00"), "b", "$pageview", "/b"),
      received(t("11:30"), "c", "kewlweb_click", "/b", { position: "explore" }),
      received(t("12:00"), "a", "kewlweb_onerror", "/a", { message: "boom", type: "error" }),
      received(t("12:01"), "a", "kewlweb_onerror", "/a", { message: "boom", type: "error" }),
      received(t("12:02"), "b", "kewlweb_onerror", "/b", { message: "boom", type: "error" }),
      received(t("12:03"), "b", "kewlweb_onerror", "/b", { message: "bang", type: "unhandledrejection" }),
      // load on /a: 100, 200, 300, 400 (a text and out-of-range figures are left out); fcp only twice.
      received(t("13:00"), "a", "kewlweb_performance", "/a", { load: 100, fcp: 50, dns: 0 }),
      received(t("13:01"), "b", "kewlweb_performance", "/a", { load: 300, fcp: 70 }),
      received(t("13:02"), "c", "kewlweb_performance", "/a", { load: 200 }),
      received(t("13:03"), "d", "kewlweb_performance", "/a", { load: 400, fcp: "fast" }),
      received(t("13:04"), "e", "kewlweb_performance", "/a", { load: -5, fcp: 900_000 }),
      // The next day's events belong to the next day.
      received("2026-01-11T00:00:00Z", "a", "$pageview", "/a"),
      received("2026-01-11T00:00:01Z", "f", "kewlweb_onerror", "/c", { message: "late" }),
    ]);

    // Not yet: 2026-01-11 ended less than 5 minutes ago.
    expect(await rollUpFinishedDays(database.db, new Date("2026-01-12T00:04:00Z"))).toEqual(["2026-01-10"]);
    expect(await rollUpFinishedDays(database.db, new Date("2026-01-12T00:05:00Z"))).toEqual(["2026-01-11"]);
    expect(await rollUpFinishedDays(database.db, new Date("2026-01-12T12:00:00Z"))).toEqual([]);

    const figures = await daily(day, "2026-01-11");
    expect(figures.days).toEqual([
      { day, events: 14, pageviews: 4, visitors: 2, errors: 4 },
      { day: "2026-01-11", events: 2, pageviews: 1, visitors: 1, errors: 1 },
    ]);
    expect(figures.pages.filter((p) => p.day === day)).toEqual([
      { day, path: "/a", pageviews: 3, visitors: 2 },
      { day, path: "/b", pageviews: 1, visitors: 1 },
    ]);
    expect(figures.errors).toEqual([
      { day, message: "boom", count: 3, visitors: 2 },
      { day, message: "bang", count: 1, visitors: 1 },
      { day: "2026-01-11", message: "late", count: 1, visitors: 1 },
    ]);
    // percentile_cont interpolates: p50 of 100..400 is 250, p75 325, p95 385.
    expect(figures.performance).toEqual([
      { day, path: "/a", metric: "dns", samples: 1, p50: 0, p75: 0, p95: 0 },
      { day, path: "/a", metric: "fcp", samples: 2, p50: 60, p75: 65, p95: 69 },
      { day, path: "/a", metric: "load", samples: 4, p50: 250, p75: 325, p95: 385 },
    ]);

    // Idempotent: rolled up again, the same figures.
    expect(await rollUpDay(database.db, day)).toBe(true);
    expect(await daily(day, "2026-01-11")).toEqual(figures);
  });

  it("rolls up what came through the collector (the SDK's own encoding)", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const visitor = `perf-${Date.now()}`;
    const events = [120, 80, 100].map((load, i) =>
      sdkEvent(`${visitor}-${i}`, {
        event: "kewlweb_performance",
        properties: { $url: `${ORIGIN}/perf-${visitor}`, $url_path: `/perf-${visitor}`, load, fcp: load / 2 },
      }),
    );
    expect((await postForm(api, page.encodeBatch(events))).status).toBe(200);
    await api.deps.analytics.flush();
    expect(await rollUpDay(database.db, today)).toBe(true);
    const { performance } = await daily(today, today);
    expect(performance.filter((p) => p.path === `/perf-${visitor}`)).toEqual([
      { day: today, path: `/perf-${visitor}`, metric: "fcp", samples: 3, p50: 50, p75: 55, p95: 59 },
      { day: today, path: `/perf-${visitor}`, metric: "load", samples: 3, p50: 100, p75: 110, p95: 118 },
    ]);
  });

  it.runIf(driver === "postgres")("leaves a day to the process holding the roll-up lock", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    };
    url.pathname = `/${name.rows[0]!.name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock(72010531)");
      expect(await rollUpDay(database.db, "2026-01-10")).toBe(false);
      await other.query("rollback");
      expect(await rollUpDay(database.db, "2026-01-10")).toBe(true);
    } finally {
      await other.end();
    }
  });

  it("deletes raw events past retention in bounded batches, after rolling their day up; roll-ups stay", async () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const old = Array.from({ length: 5 }, (_, i) =>
      received(new Date(now.getTime() - 95 * DAY_MS + i * 60_000).toISOString(), `old-${i}`, "$pageview", "/old"),
    );
    const recent = [received(new Date(now.getTime() - 10 * DAY_MS).toISOString(), "new", "$pageview", "/new")];
    await insertEvents(database.db, [...old, ...recent]);
    const oldDay = new Date(old[0]!.receivedAt).toISOString().slice(0, 10);

    // Two per statement, at most two statements: four now, the last one on the next run.
    expect(await deleteExpiredEvents(database.db, 90, { now, batch: 2, maxBatches: 2 })).toBe(4);
    const { rolledUp, deleted } = await runAnalyticsMaintenance(database.db, 90, now);
    expect(deleted).toBe(1 + 16); // the last old one, and January's events
    expect(rolledUp).toContain(oldDay);

    const left = await database.db.select({ n: count() }).from(analyticsEvents);
    expect(left[0]!.n).toBeGreaterThanOrEqual(1);
    const oldest = await database.db.execute(sql`select min(received_at) as at from analytics_events`);
    expect(
      new Date((oldest as unknown as { rows: Array<{ at: string | Date }> }).rows[0]!.at).getTime(),
    ).toBeGreaterThan(now.getTime() - 90 * DAY_MS);
    const rolled = await database.db.select({ n: count() }).from(analyticsDailyTotals);
    expect(rolled[0]!.n).toBeGreaterThan(2);
    expect((await daily("2026-01-10", "2026-01-10")).days).toHaveLength(1);
  });
});
