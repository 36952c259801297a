import type { Sensors } from "sa-sdk-javascript/dist/web/sensorsdata.es6.js";
import { analyticsQueue, track, type AnalyticsCommand } from "./analytics-queue";
import { ANALYTICS_EVENTS } from "./constants";
import { largestContentfulPaint, pageLoadPerformance } from "./page-performance";
import { collectorUrl, PAGE_LEAVE_OPTIONS, sdkInitOptions } from "./sdk-options";
import { scrubPageProperties } from "./url-privacy";
import { withoutUnloadListeners } from "./without-unload-listeners";

/** Sent with every event. Nothing about the person: the SDK adds the browser, screen and page themselves. */
const COMMON_PROPERTIES = { platform: "web" };

function run(sensors: Sensors, command: AnalyticsCommand): void {
  switch (command.kind) {
    case "track":
      return sensors.track(command.event, { ...command.properties, $time: new Date(command.at) });
    case "pageview":
      // A plain track, not the SDK's quick("autoTrack…"): those read the address when sending, and add a
      // first-visit profile record this app does not use.
      return sensors.track(ANALYTICS_EVENTS.pageView, { ...command.properties, $time: new Date(command.at) });
    case "login":
      return sensors.login(command.id);
    case "logout":
      return sensors.logout();
  }
}

async function reportPageLoad(): Promise<void> {
  const measured = pageLoadPerformance(await largestContentfulPaint());
  if (!measured) return;
  // The page that was loaded, even when the user has moved on since.
  const url = new URL(measured.url);
  track(ANALYTICS_EVENTS.performance, { ...measured.figures, $url: url.href, $url_path: url.pathname });
}

let started: Promise<void> | null = null;

/**
 * Loads sa-sdk-javascript (it touches `window` as it loads, so only ever from the browser, after the page has
 * settled), sets it up, hands it the queued events and reports this page load's performance. Once per page.
 */
export function startAnalytics(configuredUrl: string | null): Promise<void> {
  started ??= (async () => {
    const [{ default: sensors }, { default: pageLeave }] = await Promise.all([
      import("sa-sdk-javascript/dist/web/sensorsdata.es6.js"),
      import("sa-sdk-javascript/dist/web/plugin/pageleave/index.es6.js"),
    ]);
    // Before init: the page-leave plugin builds its first event while the SDK initialises.
    sensors.registerPropertyPlugin({ properties: (event) => scrubPageProperties(event.properties) });
    withoutUnloadListeners(() => {
      sensors.use(pageLeave, PAGE_LEAVE_OPTIONS);
      sensors.init(sdkInitOptions(collectorUrl(configuredUrl, window.location.origin), location.protocol === "https:"));
    });
    sensors.registerPage(COMMON_PROPERTIES);
    analyticsQueue.connect({ run: (command) => run(sensors, command) });
    void reportPageLoad();
  })().catch((error: unknown) => {
    started = null; // the next call tries again (a chunk that failed to download)
    throw error;
  });
  return started;
}
