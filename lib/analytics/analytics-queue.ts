/**
 * What the app reports, queued until the SDK has loaded (it loads after the page settles) and handed to it in
 * order from then on. Every command keeps the moment it happened, so a page view or an error from before the SDK
 * was there is sent with its own time.
 */

export type EventProperties = Record<string, string | number | boolean>;

export type AnalyticsCommand =
  | { kind: "track"; event: string; properties: EventProperties; at: number }
  | { kind: "pageview"; properties: EventProperties; at: number }
  | { kind: "login"; id: string }
  | { kind: "logout" };

export interface AnalyticsSink {
  run(command: AnalyticsCommand): void;
}

/** Events kept while the SDK is not there yet (identity changes are always kept). */
export const MAX_PENDING_EVENTS = 100;

export interface AnalyticsQueue {
  send(command: AnalyticsCommand): void;
  /** Hands every pending command to `sink`, then passes each new one straight on. */
  connect(sink: AnalyticsSink): void;
}

export function createAnalyticsQueue(maxPending = MAX_PENDING_EVENTS): AnalyticsQueue {
  let sink: AnalyticsSink | null = null;
  const pending: AnalyticsCommand[] = [];
  let pendingEvents = 0;
  return {
    send(command) {
      if (sink) return sink.run(command);
      const isEvent = command.kind === "track" || command.kind === "pageview";
      if (isEvent && pendingEvents >= maxPending) return;
      if (isEvent) pendingEvents += 1;
      pending.push(command);
    },
    connect(next) {
      sink = next;
      for (const command of pending.splice(0)) next.run(command);
      pendingEvents = 0;
    },
  };
}

const QUEUE_KEY = Symbol.for("kewl.analytics.queue");

/**
 * The page's queue: error capture (started from instrumentation-client.ts), page views, clicks and the SDK loader
 * all share it. Kept on globalThis, so a second copy of this module in another bundle still finds the same one.
 */
export const analyticsQueue: AnalyticsQueue = ((globalThis as { [QUEUE_KEY]?: AnalyticsQueue })[QUEUE_KEY] ??=
  createAnalyticsQueue());

/** Reports an event now, on the page shown now (the SDK would take the page it is on when it sends). */
export function track(event: string, properties: EventProperties): void {
  const page = { $url: window.location.href, $url_path: window.location.pathname, $title: document.title };
  analyticsQueue.send({ kind: "track", event, properties: { ...page, ...properties }, at: Date.now() });
}
