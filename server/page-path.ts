/**
 * A page request's URL that Next can route. Next answers a path segment that does not percent-decode
 * (`/profile/%`, `/tag/%E0%A4%A`) with a bare 500 of its own; escaping the `%` of such a segment instead makes it
 * the literal text it shows, so the route answers as for any unknown key: the 404 page. Other URLs pass unchanged.
 */
export function routablePageUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes("%")) return url;
  const fixed = path
    .split("/")
    .map((segment) => (decodes(segment) ? segment : segment.replace(/%/g, "%25")))
    .join("/");
  return fixed === path ? url : fixed + (queryAt === -1 ? "" : url.slice(queryAt));
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
