import { track } from "./analytics-queue";
import { ANALYTICS_EVENTS } from "./constants";
import { createErrorDeduper } from "./error-dedupe";
import { ignoreReason } from "./error-filter";
import {
  errorEventProperties,
  rejectionReport,
  resourceErrorReport,
  runtimeErrorReport,
  type ErrorReport,
} from "./error-report";

/** What a failed element was, or null for elements whose failures are not reported (images, media...). */
function failedResource(target: EventTarget | null): { kind: "script" | "stylesheet"; url: string } | null {
  if (target instanceof HTMLScriptElement && target.src) return { kind: "script", url: target.src };
  if (target instanceof HTMLLinkElement && target.relList.contains("stylesheet") && target.href) {
    return { kind: "stylesheet", url: target.href };
  }
  return null;
}

let started = false;

/**
 * Reports uncaught errors, unhandled rejections and scripts or stylesheets that fail to load as `kewlweb_onerror`
 * (SPEC §1), minus the ignored kinds and repeats. Started once, as early as the page allows
 * (instrumentation-client.ts); the events wait in the queue until the SDK is there.
 */
export function startErrorCapture(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  const deduper = createErrorDeduper();
  const report = (error: ErrorReport) => {
    if (ignoreReason(error, [window.location.origin]) || !deduper.admit(error, Date.now())) return;
    track(ANALYTICS_EVENTS.error, errorEventProperties(error));
  };

  // Capture phase: a failed <script> or <link> fires `error` on the element and it does not bubble.
  window.addEventListener(
    "error",
    // Typed as Event: the window's `error` listener also sees failed elements' plain events.
    (event: Event) => {
      const page = window.location.pathname;
      if (event instanceof ErrorEvent) return report(runtimeErrorReport(event, page));
      const resource = failedResource(event.target);
      if (resource) report(resourceErrorReport(resource.kind, resource.url, page));
    },
    true,
  );
  window.addEventListener("unhandledrejection", (event) =>
    report(rejectionReport(event.reason, window.location.pathname)),
  );
}
