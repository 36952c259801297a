import {
  DEFAULT_COLLECTOR_PATH,
  HEARTBEAT_MS,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_STRING_LENGTH,
  SEND_INTERVAL_MS,
  SEND_TIMEOUT_MS,
  STORAGE_CAP,
} from "./constants";

/**
 * The collector's absolute address: ANALYTICS_SERVER_URL when the server has one, else this app's own collector.
 * It must be absolute: the SDK silently sends nothing to a relative one.
 */
export function collectorUrl(configured: string | null | undefined, pageOrigin: string): string {
  return new URL(configured || DEFAULT_COLLECTOR_PATH, pageOrigin).href;
}

/** sa-sdk-javascript 1.27.11's `init` options for SPEC §9 (its own option names). */
export function sdkInitOptions(serverUrl: string, https: boolean) {
  return {
    server_url: serverUrl,
    // Events wait in localStorage and go together (data_list); page views and sign-ups go at once.
    batch_send: { datasend_timeout: SEND_TIMEOUT_MS, send_interval: SEND_INTERVAL_MS, storage_length: STORAGE_CAP },
    // Single sends (batching unavailable) time out alike, and go as a beacon: no image, so the pages' CSP needs
    // the collector in connect-src only.
    datasend_timeout: SEND_TIMEOUT_MS,
    send_type: "beacon",
    max_key_length: MAX_NAME_LENGTH,
    max_id_length: MAX_ID_LENGTH,
    max_string_length: MAX_STRING_LENGTH,
    // Page views come from the router (components/analytics/use-page-views.ts), not from the SDK's history hooks.
    is_track_single_page: false,
    // No heat map or click map: with one, a link carrying `sa-request-id` makes the SDK load its renderer script
    // from static.sensorsdata.cn into our pages. Clicks are reported by position label instead.
    heatmap: undefined,
    // The visitor cookie stays on this host, Lax, and Secure on https.
    cross_subdomain: false,
    set_cookie_samesite: "Lax",
    is_secure_cookie: https,
    show_log: false,
  };
}

/** The page-leave plugin's options: its heartbeat, in seconds (SPEC §9: 5000 ms). */
export const PAGE_LEAVE_OPTIONS = { heartbeat_interval_time: HEARTBEAT_MS / 1000 };
