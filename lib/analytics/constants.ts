/**
 * The analytics constants of SPEC §9 and the names the collector and its roll-ups rely on, in one place.
 * lib/analytics/sdk-options.ts maps them onto sa-sdk-javascript's own option names.
 */

/** Batch mode (SPEC §9): a request times out after 6 s, queued events go every 6 s, at most 200 stored. */
export const SEND_TIMEOUT_MS = 6000;
export const SEND_INTERVAL_MS = 6000;
export const STORAGE_CAP = 200;

/** SPEC §9 length limits: event and property names, ids (distinct and login id), string values. */
export const MAX_NAME_LENGTH = 100;
export const MAX_ID_LENGTH = 255;
export const MAX_STRING_LENGTH = 1024;

/**
 * SPEC §9: the visitor cookie lives 360 days. sa-sdk-javascript 1.27.11 writes its visitor cookie with a fixed
 * 360 days (no option sets it); the end-to-end test reads the cookie's expiry to hold the SDK to it.
 */
export const VISITOR_COOKIE_DAYS = 360;

/** SPEC §9: the page-leave heartbeat, every 5 s (the SDK's page-leave plugin takes seconds). */
export const HEARTBEAT_MS = 5000;

/** The collector of this app, used when ANALYTICS_SERVER_URL is unset (the SDK posts to `/v1/sa.gif`). */
export const DEFAULT_COLLECTOR_PATH = "/v1/sa";

/** Event names (SPEC §1). */
export const ANALYTICS_EVENTS = {
  pageView: "$pageview",
  click: "kewlweb_click",
  error: "kewlweb_onerror",
  performance: "kewlweb_performance",
} as const;

/** SPEC §2: the position labels put on the clicks they name (the `data-track` attribute's values). */
export const CLICK_POSITIONS = [
  "explore",
  "subscribe",
  "create_character",
  "subscribe_popup",
  "index",
  "login",
  "login_popup",
] as const;
export type ClickPosition = (typeof CLICK_POSITIONS)[number];
