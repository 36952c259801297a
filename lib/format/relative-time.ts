const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something last happened, for lists: "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago",
 * then the date ("Mar 5", with the year when it is not this year's).
 */
export function formatLastActivity(iso: string, now = new Date(), locale = "en"): string {
  const then = new Date(iso);
  const ago = now.getTime() - then.getTime();
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (ago < MINUTE) return "just now";
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), "minute");
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), "hour");
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), "day");
  const sameYear = then.getFullYear() === now.getFullYear();
  return then.toLocaleDateString(locale, { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) });
}
