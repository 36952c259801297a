/**
 * The load side of bench/collector.ts: batches of events shaped like the ones sa-sdk-javascript 1.27.11 sends
 * (identities, lib, its preset properties, a page view, a click, an error or a performance record), encoded as
 * its batch sender does (`data_list=` + the URL-encoded base64 of the JSON array), each event unique (its own
 * distinct id, _track_id and time) so that every one of them is stored.
 */

const KINDS = ["$pageview", "kewlweb_click", "kewlweb_performance", "kewlweb_onerror"] as const;
const PATHS = ["/", "/tag/fantasy", "/search", "/character/12", "/character/chat/12", "/profile/u_ab12"];

function properties(kind: (typeof KINDS)[number], path: string, n: number): Record<string, unknown> {
  const preset = {
    $timezone_offset: -60,
    $screen_height: 1080,
    $screen_width: 1920,
    $viewport_height: 969,
    $viewport_width: 1920,
    $lib: "js",
    $lib_version: "1.27.11",
    $latest_traffic_source_type: "直接流量",
    $latest_search_keyword: "未取到值_直接打开",
    $latest_referrer: "",
    $url: `https://kewl.example${path}`,
    $title: "Kewl – chat with AI characters",
  };
  switch (kind) {
    case "$pageview":
      return { ...preset, $referrer: "", $url_path: path, $referrer_host: "", $is_first_day: n % 3 === 0 };
    case "kewlweb_click":
      return { ...preset, position: "index", item: `tag-${n % 40}`, $url_path: path };
    case "kewlweb_performance":
      return {
        ...preset,
        $url_path: path,
        dns: n % 7,
        tcp: n % 11,
        request: 40 + (n % 90),
        white_screen: 300 + (n % 400),
        dom_ready: 500 + (n % 600),
        load: 700 + (n % 900),
        first_screen: 450 + (n % 500),
        fcp: 320 + (n % 410),
      };
    case "kewlweb_onerror":
      return {
        ...preset,
        type: "error",
        message: `Uncaught TypeError: Cannot read properties of undefined (reading 'x${n % 5}')`,
        source: "https://kewl.example/_next/static/chunks/app-1a2b3c.js",
        page: path,
        line: 1,
        column: 1000 + (n % 50),
      };
  }
}

/** Event number `n` of sender `sender` (n counts across the sender's batches). */
export function sdkShapedEvent(sender: number, n: number, now: number): Record<string, unknown> {
  const visitor = `18f${sender.toString(16).padStart(4, "0")}${(n >> 6).toString(16).padStart(8, "0")}-0a1b2c3d-1e2f`;
  const kind = KINDS[n % KINDS.length]!;
  const signedIn = n % 5 === 0;
  const time = now - (n % 1000);
  return {
    identities: { $identity_cookie_id: visitor, ...(signedIn ? { $identity_login_id: `u${sender}-${n}` } : {}) },
    distinct_id: signedIn ? `u${sender}-${n}` : visitor,
    lib: { $lib: "js", $lib_method: "code", $lib_version: "1.27.11" },
    properties: properties(kind, PATHS[n % PATHS.length]!, n),
    ...(signedIn ? { login_id: `u${sender}-${n}` } : {}),
    anonymous_id: visitor,
    type: "track",
    event: kind,
    time,
    _track_id: (sender * 1_000_003 + n) % 1_000_000_000,
    _flush_time: now,
  };
}

/** The body of the SDK's batch POST for these events. */
export function batchBody(events: unknown[]): string {
  return `data_list=${encodeURIComponent(Buffer.from(JSON.stringify(events)).toString("base64"))}`;
}
