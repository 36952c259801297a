import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@/server/db/types";
import type { StoredEvent } from "@/server/modules/analytics/read-events";
import { openSdkPage, sdkOptions, type SdkPage } from "@/tests/support/sa-sdk-browser";
import {
  COLLECTOR_URL,
  collectorApi,
  deliverTo,
  ORIGIN,
  postForm,
  sdkEvent,
  storedEvents,
  uniqueId,
} from "./analytics-support";
import type { TestApi } from "./helpers/test-api";
import { createTestDatabase, testDrivers } from "./helpers/test-database";

const CONTRACT_KEYS = ["distinct_id", "event", "login_id", "path", "properties", "received_at", "time", "type"];

describe.each(testDrivers())("analytics collector on %s", (driver) => {
  let database: DbHandle;
  let api: TestApi;
  const pages: SdkPage[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    api = collectorApi(database);
  });
  afterAll(async () => {
    for (const page of pages) page.close();
    await api?.deps.analytics.close();
    await database?.close();
  });

  const open = (url: string, deliver: Parameters<typeof openSdkPage>[1]) => {
    const page = openSdkPage(url, deliver);
    pages.push(page);
    return page;
  };
  const mine = (events: StoredEvent[], loginId: string) => events.filter((e) => e.login_id === loginId);

  it("stores what the SDK sends by image GET (sign-up, page view, profile, custom event), answering a 1x1 GIF", async () => {
    const uid = uniqueId("uid");
    const { deliver, answers } = deliverTo(api);
    const page = open(`${ORIGIN}/character/chat/42?q=dragon+queen&utm_source=news#top`, deliver);
    const before = Date.now();
    page.sdk.init(sdkOptions(COLLECTOR_URL, "image"));
    page.sdk.login(uid);
    page.sdk.quick("autoTrack");
    page.sdk.track("kewlweb_onerror", { message: "boom ü 中 😀", type: "error", source: "x.js", page: "/c/42" });
    const requests = await page.delivered(4);

    for (const request of requests) {
      expect(request.via).toBe("image");
      expect(new URL(request.url).pathname).toBe("/v1/sa.gif");
    }
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/gif");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
      const gif = Buffer.from(await res.arrayBuffer());
      expect(gif.length).toBe(43);
      expect(gif.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    }

    const events = mine(await storedEvents(api), uid);
    expect(events.map((e) => e.type).sort()).toEqual(["profile_set_once", "track", "track", "track_signup"]);
    for (const event of events) {
      expect(Object.keys(event).sort()).toEqual(CONTRACT_KEYS);
      expect(event.distinct_id).toBe(uid);
      expect(event.time).toBeGreaterThanOrEqual(before);
      expect(event.received_at).toBeGreaterThanOrEqual(event.time - 1000);
    }
    const view = events.find((e) => e.event === "$pageview");
    expect(view?.path).toBe("/character/chat/42");
    // The query's search words, the fragment and the title (which may repeat them) are not kept; utm_* is.
    expect(view?.properties).toMatchObject({
      $url: `${ORIGIN}/character/chat/42?utm_source=news`,
      $url_path: "/character/chat/42",
      $title: "",
      $lib_version: "1.27.11",
    });
    expect(JSON.stringify(events)).not.toContain("dragon");
    const error = events.find((e) => e.event === "kewlweb_onerror");
    expect(error?.properties).toMatchObject({ message: "boom ü 中 😀", type: "error", source: "x.js", page: "/c/42" });
    expect(error?.path).toBe("/character/chat/42");
    expect(events.find((e) => e.type === "profile_set_once")?.event).toBeNull();
  });

  it.each([
    ["beacon", "text/plain;charset=UTF-8"],
    ["ajax", "application/x-www-form-urlencoded"],
  ] as const)("stores a single event the SDK POSTs by %s (%s) and answers its counts", async (sendType, type) => {
    const uid = uniqueId(sendType);
    const { deliver, answers } = deliverTo(api);
    const page = open(`${ORIGIN}/search`, deliver);
    page.sdk.init(sdkOptions(COLLECTOR_URL, sendType));
    page.sdk.login(uid);
    page.sdk.track("kewlweb_click", { position: "explore" });
    const requests = await page.delivered(2);

    expect(requests.map((r) => [r.method, r.contentType, new URL(r.url).pathname])).toEqual([
      ["POST", type, "/v1/sa.gif"],
      ["POST", type, "/v1/sa.gif"],
    ]);
    expect(requests[1]!.body).toMatch(/^data=[A-Za-z0-9%]+&ext=crc%3D-?\d+$/);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ code: 0, msg: "success", data: { accepted: 1, rejected: 0, dropped: 0 } });
    }
    const events = mine(await storedEvents(api), uid);
    expect(events.map((e) => e.event).sort()).toEqual(["$SignUp", "kewlweb_click"]);
    expect(events.find((e) => e.event === "kewlweb_click")?.properties.position).toBe("explore");
  });

  it("stores the SDK's batches (data_list) once, also the batch it sends again after a failed answer", async () => {
    const uid = uniqueId("batch");
    const { deliver, answers } = deliverTo(api);
    let attempts = 0;
    // The first batch reaches the server but its answer is lost (a timeout): the SDK keeps it and sends it again.
    const page = open(`${ORIGIN}/`, async (request) => {
      const status = await deliver(request);
      return request.via === "xhr" && ++attempts === 1 ? 0 : status;
    });
    page.sdk.init(sdkOptions(COLLECTOR_URL, "beacon", true));
    for (let i = 0; i < 5; i++) page.sdk.track("kewlweb_click", { position: "index", item: `tag-${i}`, distinct: uid });
    const requests = await page.delivered(2);

    expect(requests.map((r) => [r.via, r.contentType])).toEqual([
      ["xhr", "application/x-www-form-urlencoded"],
      ["xhr", "application/x-www-form-urlencoded"],
    ]);
    expect(requests[0]!.body).toMatch(/^data_list=/);
    for (const res of answers) expect(await res.json()).toMatchObject({ data: { accepted: 5, rejected: 0 } });
    const events = (await storedEvents(api, { event: "kewlweb_click" })).filter((e) => e.properties.distinct === uid);
    expect(events.map((e) => e.properties.item).sort()).toEqual(["tag-0", "tag-1", "tag-2", "tag-3", "tag-4"]);
  });

  it("stores an event sent twice (image, then beacon) once; the same track id at another time is another event", async () => {
    const id = uniqueId("twice");
    const { deliver } = deliverTo(api);
    const page = open(`${ORIGIN}/`, deliver);
    const event = sdkEvent(id, { login_id: id });
    const single = page.encodeSingle(event);
    expect((await api.request(`/v1/sa?${single}`)).status).toBe(200);
    expect((await postForm(api, single, "text/plain;charset=UTF-8")).status).toBe(200);
    expect((await postForm(api, page.encodeBatch([event, event]))).status).toBe(200);
    const later = { ...event, time: (event.time as number) + 1 };
    expect((await postForm(api, page.encodeSingle(later))).status).toBe(200);
    expect(mine(await storedEvents(api), id).map((e) => e.time)).toEqual([later.time, event.time]);
  });

  it("checks each event against SPEC §9 and caps it: bad ones are dropped and counted, long strings cut", async () => {
    const id = uniqueId("caps");
    const page = open(`${ORIGIN}/`, deliverTo(api).deliver);
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`p${String(i).padStart(3, "0")}`, i]));
    const good = sdkEvent(id, {
      login_id: id,
      properties: {
        long: "x".repeat(5000),
        cut_pair: `${"a".repeat(1023)}😀`,
        broken: "lone \ud800 surrogate and a \u0000 NUL",
        "1bad": "dropped",
        distinct_id: "dropped (reserved)",
        [`n${"a".repeat(100)}`]: "dropped (101 characters)",
        nested: { dropped: true },
        nothing: null,
        tags: ["a", "b"],
        mixed: ["a", 1],
        ok: true,
        __proto__: "dropped",
        ...many,
      },
    });
    const refused = [
      sdkEvent("x".repeat(256)),
      sdkEvent(id, { type: undefined }),
      sdkEvent(id, { type: "Track" }),
      sdkEvent(id, { event: "1bad" }),
      sdkEvent(id, { event: "e".repeat(101) }),
      sdkEvent(id, { time: Date.now() + 2 * 24 * 3600_000 }),
      sdkEvent(id, { time: "yesterday" }),
      sdkEvent(id, { _track_id: 1.5 }),
      sdkEvent(id, { distinct_id: 42 }),
      sdkEvent(id, { distinct_id: "nul\u0000id" }),
      sdkEvent(id, { properties: "not an object" }),
      sdkEvent(id, {
        properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`s${i}`, "y".repeat(1000)])),
      }),
      "not an event",
      null,
    ];
    const res = await postForm(api, page.encodeBatch([good, ...refused]));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { accepted: 1, rejected: refused.length } });

    const [stored] = mine(await storedEvents(api), id);
    const properties = stored!.properties;
    expect(Object.keys(properties)).toHaveLength(100);
    expect(properties.long).toBe("x".repeat(1024));
    expect(properties.cut_pair).toBe(`${"a".repeat(1023)}\ufffd`);
    expect(properties.broken).toBe("lone \ufffd surrogate and a  NUL");
    expect(properties.tags).toEqual(["a", "b"]);
    expect(properties.ok).toBe(true);
    for (const gone of ["1bad", "distinct_id", `n${"a".repeat(100)}`, "nested", "nothing", "mixed", "__proto__"]) {
      expect(Object.hasOwn(properties, gone), gone).toBe(false);
    }
  });

  it.each([
    ["no data", "", 400],
    ["data that is not base64", "data=%21%21%21%21", 400],
    [
      "base64 of bytes that are not UTF-8",
      `data=${encodeURIComponent(Buffer.from([0xff, 0xfe, 0x7b]).toString("base64"))}`,
      400,
    ],
    ["base64 of text that is not JSON", `data=${Buffer.from("{not json").toString("base64")}`, 400],
    ["data holding an array", `data=${Buffer.from("[{}]").toString("base64")}`, 400],
    ["data_list holding an object", `data_list=${Buffer.from("{}").toString("base64")}`, 400],
    ["a compressed batch", `data_list=${Buffer.from("[]").toString("base64")}&gzip=1`, 400],
    ["data and data_list at once", `data=e30%3D&data_list=W10%3D`, 400],
    ["a crc that does not match", `data=e30%3D&ext=crc%3D12345`, 400],
    [
      "a batch of 201 events",
      `data_list=${encodeURIComponent(Buffer.from(JSON.stringify(Array(201).fill({}))).toString("base64"))}`,
      413,
    ],
  ])("refuses %s (%s): %s, by GET and by POST", async (_name, params, status) => {
    const get = await api.request(`/v1/sa.gif?${params}`);
    expect(get.status).toBe(status);
    const post = await postForm(api, params);
    expect(post.status).toBe(status);
    expect(await post.json()).toMatchObject({ code: status });
  });

  it("refuses a body past 512 KB (413, unread) and a content type it does not read (415); then still serves", async () => {
    const huge = await postForm(api, `data_list=${"A".repeat(600 * 1024)}`);
    expect(huge.status).toBe(413);
    const json = await api.request("/v1/sa", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    const id = uniqueId("after");
    const page = open(`${ORIGIN}/`, deliverTo(api).deliver);
    expect((await postForm(api, page.encodeSingle(sdkEvent(id, { login_id: id })))).status).toBe(200);
    expect(mine(await storedEvents(api), id)).toHaveLength(1);
  });

  it("answers CORS preflights for any origin, without credentials", async () => {
    for (const path of ["/v1/sa", "/v1/sa.gif"]) {
      const res = await api.request(path, {
        method: "OPTIONS",
        headers: {
          origin: "https://shop.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type",
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-methods")).toContain("POST");
      expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    }
  });

  it("needs no signature and no session, and does not spend the per-address API budget", async () => {
    const strict = collectorApi(database, { REQUEST_SIGNING: "enforce", RATE_LIMIT_PER_MINUTE: "2" }).from(
      "198.51.100.40",
    );
    const page = open(`${ORIGIN}/`, deliverTo(strict).deliver);
    const id = uniqueId("unsigned");
    for (let i = 0; i < 5; i++) {
      const single = page.encodeSingle(sdkEvent(id, { login_id: id, _track_id: i }));
      expect((await strict.request(`/v1/sa.gif?${single}`)).status).toBe(200);
      expect((await postForm(strict, single)).status).toBe(200);
      expect((await strict.request("/v1/sa", { method: "OPTIONS" })).status).toBe(204);
    }
    expect((await strict.request("/v1/health")).status).toBe(200);
    await strict.deps.analytics.flush();
    expect(mine(await storedEvents(api), id)).toHaveLength(5);
    await strict.deps.analytics.close();
  });
});
