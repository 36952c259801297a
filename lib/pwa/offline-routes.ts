/** The page the service worker shows for a navigation that fails with nothing cached (precached at install). */
export const OFFLINE_PATH = "/~offline";

/**
 * Pages the service worker never stores: payment tabs (an order's state), the OAuth return and password reset
 * (one-time codes in the URL) and the age gate (it answers per visitor). Offline they fall back to OFFLINE_PATH.
 */
const PRIVATE_PREFIXES = ["/payment", "/auth", "/reset-password", "/age-verification"];

export function isPrivatePagePath(pathname: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
