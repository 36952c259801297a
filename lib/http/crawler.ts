const CRAWLER_PATTERN =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|lighthouse-ci|headlesschrome\/.*\bgooglebot/i;

/** True for search engine and link-preview crawlers, which get a minimal error answer. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && CRAWLER_PATTERN.test(userAgent);
}
