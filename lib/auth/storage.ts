/** Browser storage keys of the account feature (SPEC §3) and the small helpers around them. */
import { RECENT_CHARACTERS_KEY } from "@/lib/pwa/recent-characters-key";

/** localStorage: token and profile (zustand persist). */
export const AUTH_STORAGE_KEY = "auth";
/** localStorage: how the last third-party login registered; removed at logout. */
export const THIRD_LOGIN_REG_TYPE_KEY = "third_login_reg_type";
/** sessionStorage: a random id per tab, sent to the captcha, register and login calls. */
const BLACK_BOX_KEY = "black_box";

let memoryBlackBox: string | undefined;

function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The tab's black box id: created on first use, kept in sessionStorage (memory when storage is blocked). */
export function getBlackBox(): string {
  if (typeof window === "undefined") return "";
  try {
    const existing = sessionStorage.getItem(BLACK_BOX_KEY);
    if (existing && /^[a-f0-9]{32}$/.test(existing)) return existing;
    const id = randomHex(16);
    sessionStorage.setItem(BLACK_BOX_KEY, id);
    return id;
  } catch {
    return (memoryBlackBox ??= randomHex(16));
  }
}

/**
 * Removes local keys that must not outlive a session (SPEC §4: auth and third_login_reg_type), and the offline
 * page's list of recent chats, which belongs to the account.
 */
export function removeSessionKeys(): void {
  if (typeof window === "undefined") return;
  try {
    localStorage.removeItem(AUTH_STORAGE_KEY);
    localStorage.removeItem(THIRD_LOGIN_REG_TYPE_KEY);
    localStorage.removeItem(RECENT_CHARACTERS_KEY);
  } catch {
    // storage blocked: nothing was stored either
  }
}
