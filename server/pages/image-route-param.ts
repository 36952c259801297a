import { CONTROL_CHARACTERS } from "../../lib/contracts/fields";

/**
 * A dynamic segment as text for a share-image route, or null (bad escape, control character, too long): unlike
 * routeParam, no 404, as the route answers the brand card instead.
 */
export function imageRouteParam(raw: string, max = 100): string | null {
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.length <= max && !CONTROL_CHARACTERS.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}
