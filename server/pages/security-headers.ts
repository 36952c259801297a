/**
 * Security headers of HTML pages (proxy.ts sets them on every page response). The session token lives in
 * localStorage, so the Content-Security-Policy is what keeps an injected script from reading it: scripts run
 * only with this response's nonce ('strict-dynamic' lets those scripts load Next's chunks).
 */

export interface PageSecurityOptions {
  /** `npm run dev`: React's dev tooling needs eval. */
  dev: boolean;
  /** PUBLIC_BASE_URL: an https address means the site is served over https (HSTS, upgrade-insecure-requests). */
  publicBaseUrl?: string;
  /** NEXT_PUBLIC_API_BASE_URL: the browser calls the API there when it is another origin. */
  apiBaseUrl?: string;
  /** ANALYTICS_SERVER_URL: the collector the browser reports to. */
  analyticsUrl?: string;
  /** AVATAR_HOSTS: the https hosts avatars may be on besides our own avatar route. */
  avatarHosts?: readonly string[];
  /** With S3: the origin of S3_PUBLIC_URL (verified avatar copies) and the bucket's, where upload forms post. */
  uploadImageOrigin?: string | null;
  uploadPostOrigin?: string | null;
}

/**
 * 180 days, subdomains included: the value the API's answers carry (server/api/middleware/response-headers.ts). A
 * browser keeps the policy of the latest https answer it saw, so pages and API must send the same one.
 */
export const HSTS_VALUE = "max-age=15552000; includeSubDomains";

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function servedOverHttps(publicBaseUrl: string | undefined): boolean {
  return origin(publicBaseUrl)?.startsWith("https:") ?? false;
}

function imageSources(options: PageSecurityOptions): Set<string> {
  const sources = new Set(["'self'", "data:", ...(options.avatarHosts ?? []).map((host) => `https://${host}`)]);
  const uploads = origin(options.uploadImageOrigin ?? undefined);
  if (uploads) sources.add(uploads);
  return sources;
}

/** The response headers for one page; everything but the nonce is the same for every request. */
export function pageSecurityHeaders(nonce: string, options: PageSecurityOptions): Record<string, string> {
  const https = servedOverHttps(options.publicBaseUrl);
  const connect = new Set(["'self'"]);
  for (const url of [options.apiBaseUrl, options.analyticsUrl, options.uploadPostOrigin ?? undefined]) {
    const o = origin(url);
    if (o) connect.add(o);
  }
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    // React writes style attributes and Radix/vaul inject <style> elements: inline styles stay allowed (they
    // cannot run code). No nonce here, or browsers would ignore 'unsafe-inline'.
    "style-src 'self' 'unsafe-inline'",
    // Avatars are ours (/v1/avatar/...) or on an AVATAR_HOSTS host; captchas are data: URLs. No other host: an
    // injected <img> cannot send page text elsewhere.
    // Uploaded avatars are ours (/v1/file/avatars/...) or under S3_PUBLIC_URL.
    `img-src ${[...imageSources(options)].join(" ")}`,
    "font-src 'self' data:",
    `connect-src ${[...connect].join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  const headers: Record<string, string> = { "Content-Security-Policy": directives.join("; ") };
  if (https) headers["Strict-Transport-Security"] = HSTS_VALUE;
  return headers;
}

/** 128 random bits, base64 (what CSP nonces and Next's nonce parser accept). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
