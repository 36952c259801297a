/** Cookie names shared by the server (what to show) and the browser (the age gate and the NSFW setting). */
export const AGE_VERIFIED_COOKIE = "kewl_age_verified";
export const NSFW_COOKIE = "kewl_nsfw";
/** A year: the age confirmation and the setting outlive sessions. */
export const PREFERENCE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export interface Viewer {
  ageVerified: boolean;
  /** NSFW characters are shown only when the age is verified and the setting is on. */
  nsfw: boolean;
}

export function viewerFromCookies(read: (name: string) => string | undefined): Viewer {
  const ageVerified = read(AGE_VERIFIED_COOKIE) === "1";
  return { ageVerified, nsfw: ageVerified && read(NSFW_COOKIE) === "1" };
}
