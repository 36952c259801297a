import { AGE_VERIFIED_COOKIE, NSFW_COOKIE, PREFERENCE_COOKIE_MAX_AGE } from "./cookies";

const AGE_STORAGE_KEY = "age_verified";
const NSFW_STORAGE_KEY = "nsfw";

function setCookie(name: string, on: boolean) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${on ? "1" : "0"}; Path=/; Max-Age=${on ? PREFERENCE_COOKIE_MAX_AGE : 0}; SameSite=Lax${secure}`;
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Remembered in a cookie (so server-rendered pages know) and in local storage (SPEC §9: both). */
export function confirmAdult(): void {
  setCookie(AGE_VERIFIED_COOKIE, true);
  try {
    localStorage.setItem(AGE_STORAGE_KEY, "1");
  } catch {
    /* storage may be unavailable; the cookie is enough */
  }
}

export function isAgeVerified(): boolean {
  if (readCookie(AGE_VERIFIED_COOKIE) === "1") return true;
  try {
    // The cookie may have been cleared while local storage kept the answer: restore it.
    if (localStorage.getItem(AGE_STORAGE_KEY) === "1") {
      setCookie(AGE_VERIFIED_COOKIE, true);
      return true;
    }
  } catch {
    /* ignore */
  }
  return false;
}

export function isNsfwOn(): boolean {
  return readCookie(NSFW_COOKIE) === "1";
}

export function setNsfw(on: boolean): void {
  setCookie(NSFW_COOKIE, on);
  try {
    localStorage.setItem(NSFW_STORAGE_KEY, on ? "1" : "0");
  } catch {
    /* ignore */
  }
}
