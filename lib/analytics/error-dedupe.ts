import type { ErrorReport } from "./error-report";

/** The same error again within this long is part of the same burst (a render loop, a retried failing call). */
export const ERROR_BURST_MS = 10_000;
/** At most this many error events per page load, whatever they are. */
export const MAX_ERRORS_PER_PAGE = 50;

export interface ErrorDeduper {
  /** True when `report`, seen at `now` (ms), should be sent. */
  admit(report: ErrorReport, now: number): boolean;
}

/** Drops repeats of one error (same type, message and source) within a burst, and everything past the cap. */
export function createErrorDeduper(burstMs = ERROR_BURST_MS, maxPerPage = MAX_ERRORS_PER_PAGE): ErrorDeduper {
  const lastSeen = new Map<string, number>();
  let sent = 0;
  return {
    admit(report, now) {
      // Past the cap nothing is sent, and nothing more is remembered (the map holds at most maxPerPage keys).
      if (sent >= maxPerPage) return false;
      const key = `${report.type}\n${report.message}\n${report.source}`;
      const previous = lastSeen.get(key);
      // A repeat extends its burst, so an error firing every second is reported once, not every 10 s.
      lastSeen.set(key, now);
      if (previous !== undefined && now - previous < burstMs) return false;
      sent += 1;
      return true;
    },
  };
}
