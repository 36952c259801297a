import { KEPT_PARAMETERS, URL_PROPERTIES } from "../../../lib/analytics/url-privacy";

/**
 * The collector's side of the browser's URL rule (the browser scrubs first; another front end may not): query
 * strings can carry what a user typed or a secret (a reset token, an OAuth code), so addresses are stored without
 * credentials, fragment and query parameters other than the kept ones.
 */

// Only addresses with one of these can lose anything to the rule; the others are kept without parsing.
const SCRUBBABLE = /[?#@]/;
const PATH_OF = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*(\/[^?#]*)?/i;

function scrubbed(url: string): { href: string; dropped: boolean } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { href: "", dropped: true };
  }
  const kept = new URLSearchParams();
  let dropped = parsed.username !== "" || parsed.password !== "";
  for (const [name, value] of parsed.searchParams) {
    if (KEPT_PARAMETERS.has(name)) kept.append(name, value);
    else dropped = true;
  }
  parsed.search = kept.toString();
  parsed.hash = "";
  parsed.username = "";
  parsed.password = "";
  return { href: parsed.href, dropped };
}

/**
 * Scrubs the address properties in place; when `$url` lost parameters, a `$title` is blanked too (a search page's
 * title repeats the query). Returns the path of `$url`, or null without one.
 */
export function scrubUrlProperties(properties: Record<string, unknown>): string | null {
  for (const name of URL_PROPERTIES) {
    const value = properties[name];
    if (typeof value !== "string" || !SCRUBBABLE.test(value)) continue;
    const { href, dropped } = scrubbed(value);
    properties[name] = href;
    if (name === "$url" && dropped && typeof properties.$title === "string") properties.$title = "";
  }
  const url = properties.$url;
  if (typeof url !== "string") return null;
  const match = PATH_OF.exec(url);
  return match ? (match[1] ?? "/") : null;
}
