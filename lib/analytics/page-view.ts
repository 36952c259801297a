import type { EventProperties } from "./analytics-queue";

const CAMPAIGN_PARAMETERS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;

/**
 * A `$pageview`'s page properties, taken when the page is shown (the SDK sends later, maybe from another page):
 * its address, path, title, referrer and campaign parameters under the SDK's names ($utm_source...).
 */
export function pageViewProperties(url: string, title: string, referrer: string): EventProperties {
  const parsed = new URL(url);
  const properties: EventProperties = { $url: url, $url_path: parsed.pathname, $title: title, $referrer: referrer };
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = parsed.searchParams.get(name);
    if (value) properties[`$${name}`] = value;
  }
  return properties;
}
