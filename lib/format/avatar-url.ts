/**
 * Where avatars (a user's `face`, a character's `avatar`) may come from: this site's own avatar route
 * (`/v1/avatar/{style}/{seed}.svg`, relative), a verified upload served by this site
 * (`/v1/file/avatars/{sha256}.webp`; with S3 the server also accepts them under S3_PUBLIC_URL, see
 * server/modules/avatars/avatar-policy.ts), or an https URL on a host the operator listed in AVATAR_HOSTS.
 * Nothing else is accepted as input or rendered: not other hosts (tracking pixels, hot-linked content), not
 * http:, data:, javascript:, protocol-relative or credentialed URLs, not other paths of this site.
 * Browser-safe and pure: the server passes in the configured hosts.
 */

/** This site's avatar route; the seed is encodeURIComponent output (see server/modules/avatars/render-avatar.ts). */
const LOCAL_AVATAR = /^\/v1\/avatar\/[a-z]+(?:-[a-z]+)*\/[A-Za-z0-9._~!*()%-]{1,300}\.svg$/;
/** A verified upload's copy on the local disk (lib/contracts/files.ts): named by its sha256, never an upload itself. */
const UPLOADED_AVATAR = /^\/v1\/file\/avatars\/[0-9a-f]{64}\.webp$/;
const AVATAR_URL_MAX = 500;

/** A host name as AVATAR_HOSTS lists it: lower-case letters, digits, hyphens and dots. */
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const AVATAR_HOST = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);

/** This site's generated avatars and verified uploads. */
export function isLocalAvatarPath(url: string): boolean {
  return LOCAL_AVATAR.test(url) || UPLOADED_AVATAR.test(url);
}

/** A verified upload's copy under `base` (S3_PUBLIC_URL, no trailing slash): `{base}/avatars/{sha256}.webp`. */
export function isUploadedAvatarUrl(url: string, base: string | null): boolean {
  if (!base || !url.startsWith(`${base}/avatars/`)) return false;
  return /^[0-9a-f]{64}\.webp$/.test(url.slice(base.length + "/avatars/".length));
}

/** True for this site's avatar paths and for https URLs on one of `hosts` (default port, no user or password). */
export function isAllowedAvatarUrl(url: string, hosts: readonly string[]): boolean {
  if (url.length > AVATAR_URL_MAX || /[\s\\\u0000-\u001f\u007f]/.test(url)) return false;
  if (isLocalAvatarPath(url)) return true;
  if (!url.startsWith("https://")) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === "https:" &&
    parsed.username === "" &&
    parsed.password === "" &&
    parsed.port === "" &&
    hosts.includes(parsed.hostname)
  );
}

/** "a.example, B.example" → ["a.example", "b.example"]; an entry that is not a bare host name is returned in `bad`. */
export function parseAvatarHosts(value: string): { hosts: string[]; bad: string[] } {
  const entries = value
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== "");
  return { hosts: entries.filter((h) => AVATAR_HOST.test(h)), bad: entries.filter((h) => !AVATAR_HOST.test(h)) };
}
