import { describe, expect, it } from "vitest";
import { createAnalyticsQueue, type AnalyticsCommand } from "@/lib/analytics/analytics-queue";
import { clickLabelOf, trackClick } from "@/lib/analytics/click-label";
import {
  HEARTBEAT_MS,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_STRING_LENGTH,
  SEND_INTERVAL_MS,
  SEND_TIMEOUT_MS,
  STORAGE_CAP,
} from "@/lib/analytics/constants";
import { pageViewProperties } from "@/lib/analytics/page-view";
import { collectorUrl, PAGE_LEAVE_OPTIONS, sdkInitOptions } from "@/lib/analytics/sdk-options";
import { scrubPageProperties, scrubUrl } from "@/lib/analytics/url-privacy";

/** A stand-in for a DOM element: its attributes, and the labelled ancestor `closest` would find. */
function element(attributes: { [name: string]: string | undefined }) {
  const labelled = { getAttribute: (name: string) => attributes[name] ?? null };
  return {
    closest: (selector: string) => (selector === "[data-track]" && "data-track" in attributes ? labelled : null),
  };
}

describe("click labels", () => {
  it("trackClick writes the attributes clickLabelOf reads back", () => {
    expect(trackClick("index", 42)).toEqual({ "data-track": "index", "data-track-item": "42" });
    expect(trackClick("login")).toEqual({ "data-track": "login" });
    expect(clickLabelOf(element(trackClick("index", "fantasy")))).toEqual({ position: "index", item: "fantasy" });
    expect(clickLabelOf(element(trackClick("subscribe_popup", "subscribe:plus_monthly")))).toEqual({
      position: "subscribe_popup",
      item: "subscribe:plus_monthly",
    });
  });

  it("ignores unlabelled clicks and positions SPEC §2 does not name", () => {
    expect(clickLabelOf(element({}))).toBeNull();
    expect(clickLabelOf(null)).toBeNull();
    expect(clickLabelOf(element({ "data-track": "checkout" }))).toBeNull();
  });

  it("drops an item that is not a short identifier (it is never free text)", () => {
    expect(clickLabelOf(element({ "data-track": "index", "data-track-item": "two words" }))).toEqual({
      position: "index",
    });
    expect(clickLabelOf(element({ "data-track": "index", "data-track-item": "x".repeat(101) }))).toEqual({
      position: "index",
    });
  });
});

describe("url privacy", () => {
  it("keeps the path, paging, sort and campaign parameters; drops search text, tokens, codes and fragments", () => {
    expect(scrubUrl("https://kewl.example/search?q=my+secret+crush&page=2#top")).toBe(
      "https://kewl.example/search?page=2",
    );
    expect(scrubUrl("https://kewl.example/reset-password?token=abc123")).toBe("https://kewl.example/reset-password");
    expect(scrubUrl("https://kewl.example/auth/callback?code=xyz&is_new=true")).toBe(
      "https://kewl.example/auth/callback",
    );
    expect(scrubUrl("https://kewl.example/?sort=new&utm_source=news")).toBe(
      "https://kewl.example/?sort=new&utm_source=news",
    );
    expect(scrubUrl("https://user:pw@other.example/a?b=c")).toBe("https://other.example/a");
    expect(scrubUrl("")).toBe("");
    expect(scrubUrl("not a url")).toBe("");
  });

  it("scrubs an event's addresses, and drops the title of a page whose address carried other parameters", () => {
    const search = {
      $url: "https://kewl.example/search?q=dragons",
      $title: "“dragons” · Search · Kewl",
      $referrer: "https://kewl.example/reset-password?token=t",
      $latest_referrer: "https://forum.example/thread?id=9",
      $url_path: "/search",
    };
    scrubPageProperties(search);
    expect(search).toEqual({
      $url: "https://kewl.example/search",
      $title: "",
      $referrer: "https://kewl.example/reset-password",
      $latest_referrer: "https://forum.example/thread",
      $url_path: "/search",
    });
    const home = { $url: "https://kewl.example/?page=2", $title: "Kewl" };
    scrubPageProperties(home);
    expect(home).toEqual({ $url: "https://kewl.example/?page=2", $title: "Kewl" });
  });
});

describe("page views", () => {
  it("take the address, path, title and referrer of the page shown, and its campaign parameters", () => {
    expect(
      pageViewProperties("https://kewl.example/tag/fantasy?utm_source=news&utm_campaign=spring&page=2", "Fantasy", ""),
    ).toEqual({
      $url: "https://kewl.example/tag/fantasy?utm_source=news&utm_campaign=spring&page=2",
      $url_path: "/tag/fantasy",
      $title: "Fantasy",
      $referrer: "",
      $utm_source: "news",
      $utm_campaign: "spring",
    });
  });
});

describe("analytics queue", () => {
  const view = (n: number): AnalyticsCommand => ({ kind: "pageview", properties: { n }, at: n });

  it("keeps commands until the SDK connects, hands them over in order, then passes new ones straight on", () => {
    const queue = createAnalyticsQueue();
    const seen: AnalyticsCommand[] = [];
    queue.send({ kind: "login", id: "u1" });
    queue.send(view(1));
    expect(seen).toEqual([]);
    queue.connect({ run: (command) => seen.push(command) });
    expect(seen).toEqual([{ kind: "login", id: "u1" }, view(1)]);
    queue.send({ kind: "logout" });
    expect(seen.at(-1)).toEqual({ kind: "logout" });
  });

  it("caps waiting events but never drops an identity change", () => {
    const queue = createAnalyticsQueue(2);
    for (let n = 0; n < 5; n++) queue.send(view(n));
    queue.send({ kind: "login", id: "u2" });
    const seen: AnalyticsCommand[] = [];
    queue.connect({ run: (command) => seen.push(command) });
    expect(seen).toEqual([view(0), view(1), { kind: "login", id: "u2" }]);
  });
});

describe("SDK options", () => {
  it("the collector address is always absolute: ANALYTICS_SERVER_URL, else this app's /v1/sa", () => {
    expect(collectorUrl(null, "http://127.0.0.1:3310")).toBe("http://127.0.0.1:3310/v1/sa");
    expect(collectorUrl(undefined, "https://kewl.example")).toBe("https://kewl.example/v1/sa");
    expect(collectorUrl("https://sa.example.com:8106/sa?project=kewl", "https://kewl.example")).toBe(
      "https://sa.example.com:8106/sa?project=kewl",
    );
  });

  it("sets SPEC §9's constants under the SDK's own option names", () => {
    const options = sdkInitOptions("https://kewl.example/v1/sa", true);
    expect(options).toMatchObject({
      server_url: "https://kewl.example/v1/sa",
      batch_send: { datasend_timeout: 6000, send_interval: 6000, storage_length: 200 },
      datasend_timeout: 6000,
      max_key_length: 100,
      max_id_length: 255,
      max_string_length: 1024,
      is_secure_cookie: true,
    });
    expect([SEND_TIMEOUT_MS, SEND_INTERVAL_MS, STORAGE_CAP]).toEqual([6000, 6000, 200]);
    expect([MAX_NAME_LENGTH, MAX_ID_LENGTH, MAX_STRING_LENGTH]).toEqual([100, 255, 1024]);
    // The page-leave plugin counts its heartbeat in seconds.
    expect(PAGE_LEAVE_OPTIONS).toEqual({ heartbeat_interval_time: 5 });
    expect(HEARTBEAT_MS).toBe(5000);
    expect(options.heatmap).toBeUndefined();
  });
});
