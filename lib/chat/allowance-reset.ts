/** When the daily free replies come back: the next midnight UTC (the server's usage day), in the reader's time. */
export function nextAllowanceReset(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * "They come back at 1:00 AM (in 3 hours)." in the reader's own time zone, or with `timeZone` given; a reset
 * on a later local day than today says which ("tomorrow at 1:00 AM").
 */
export function allowanceResetText(now: Date = new Date(), timeZone?: string): string {
  const reset = nextAllowanceReset(now);
  const time = reset.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone });
  const day = (d: Date) => d.toLocaleDateString("en-CA", { timeZone });
  const when = day(reset) === day(now) ? `at ${time}` : `tomorrow at ${time}`;
  const hours = Math.max(1, Math.round((reset.getTime() - now.getTime()) / 3_600_000));
  const wait = hours === 1 ? "in about an hour" : `in about ${hours} hours`;
  return `They come back ${when} (${wait}).`;
}
