/**
 * Page addresses leave the browser with every event ($url, $referrer...). Their query strings can carry what a
 * user typed (a search) or secrets (a password-reset token, an OAuth code), so only the parameters below are kept.
 * The collector applies the same rule (server/modules/analytics/scrub-urls.ts) to what other senders send.
 */
export const KEPT_PARAMETERS: ReadonlySet<string> = new Set([
  "page",
  "sort",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_content",
  "utm_term",
]);

/** The SDK's properties that hold an address. */
export const URL_PROPERTIES = ["$url", "$referrer", "$latest_referrer", "$latest_landing_page"] as const;

/** `url` without credentials, fragment and query parameters other than the kept ones ("" when it is no URL). */
export function scrubUrl(url: string): string {
  if (url === "") return "";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "";
  }
  const kept = new URLSearchParams();
  for (const [name, value] of parsed.searchParams) if (KEPT_PARAMETERS.has(name)) kept.append(name, value);
  parsed.search = kept.toString();
  parsed.hash = "";
  parsed.username = "";
  parsed.password = "";
  return parsed.href;
}

/** True when scrubbing `url` drops a query parameter (the page's title may then repeat it, as a search's does). */
export function hasDroppedParameters(url: string): boolean {
  try {
    return [...new URL(url).searchParams.keys()].some((name) => !KEPT_PARAMETERS.has(name));
  } catch {
    return false;
  }
}

/**
 * Scrubs an event's properties in place (the SDK's property plugin hands over the event to adjust): every
 * address, and the title of a page whose address carried other parameters (it is dropped).
 */
export function scrubPageProperties(properties: Record<string, unknown>): void {
  const url = properties.$url;
  if (typeof url === "string" && hasDroppedParameters(url) && "$title" in properties) properties.$title = "";
  for (const key of URL_PROPERTIES) {
    const value = properties[key];
    if (typeof value === "string") properties[key] = scrubUrl(value);
  }
}
