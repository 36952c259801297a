import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { DbHandle } from "@/server/db/types";
import type { StoredEvent } from "@/server/modules/analytics/read-events";
import type { KeyValueStore } from "@/server/modules/limits/key-value-store";
import type { Deliver } from "@/tests/support/sa-sdk-browser";
import { createTestApi, type TestApi } from "./helpers/test-api";

export const READ_TOKEN = "test-analytics-read-token";
/** Where the jsdom pages live; the SDK's requests to it are handed to the test API. */
export const ORIGIN = "http://kewl.test";
export const COLLECTOR_URL = `${ORIGIN}/v1/sa`;

export function collectorApi(database: DbHandle, env: Record<string, string> = {}, store?: KeyValueStore): TestApi {
  return createTestApi(database, { ANALYTICS_READ_TOKEN: READ_TOKEN, ...env }, store);
}

export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}`;

/** Hands the SDK's requests to the API; every answer is kept in `answers`, and the SDK sees its status. */
export function deliverTo(api: TestApi): { deliver: Deliver; answers: Response[] } {
  const answers: Response[] = [];
  const deliver: Deliver = async (request) => {
    const url = new URL(request.url);
    const res = await api.request(url.pathname + url.search, {
      method: request.method,
      headers: request.contentType ? { "content-type": request.contentType } : {},
      body: request.body ?? undefined,
    });
    answers.push(res);
    return res.status;
  };
  return { deliver, answers };
}

/** A POST of a form body to the collector. */
export function postForm(api: TestApi, body: string, contentType = "application/x-www-form-urlencoded") {
  return api.request("/v1/sa", { method: "POST", headers: { "content-type": contentType }, body });
}

/** The stored events (after the writer's queue is written), newest first, through the read API. */
export async function storedEvents(api: TestApi, query: Record<string, string> = {}): Promise<StoredEvent[]> {
  await api.deps.analytics.flush();
  const params = new URLSearchParams({ since: "0", limit: "500", ...query });
  const res = await api.request(`/v1/analytics/events?${params}`, {
    headers: { authorization: `Bearer ${READ_TOKEN}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { items: StoredEvent[] } };
  return body.data.items;
}

/** An event shaped like the SDK's (as it builds them for `track`), for the tests that craft their own. */
export function sdkEvent(distinctId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const time = Date.now();
  return {
    identities: { $identity_cookie_id: distinctId },
    distinct_id: distinctId,
    lib: { $lib: "js", $lib_method: "code", $lib_version: "1.27.11" },
    properties: {
      $timezone_offset: 0,
      $lib: "js",
      $lib_version: "1.27.11",
      $url: `${ORIGIN}/tag/fantasy`,
      $title: "Fantasy - Kewl",
    },
    anonymous_id: distinctId,
    type: "track",
    event: "kewlweb_click",
    time,
    _track_id: Math.floor(Math.random() * 1e9),
    _flush_time: time,
    ...overrides,
  };
}
