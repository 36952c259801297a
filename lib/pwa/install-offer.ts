/**
 * The rules of the install banner (SPEC §2 dialog 6, §9). Its record in localStorage is read with plain checks,
 * not zod: the capture runs in every page's first-load script (tests/unit/pwa-install-offer.test.ts pins the
 * check to a zod schema).
 */

/** SPEC §9: the banner shows 3 s after the browser's install prompt event (on iOS, after the page starts). */
export const INSTALL_BANNER_DELAY_MS = 3000;

/** localStorage key of the banner's record: it is shown once, whatever came of it. */
export const INSTALL_BANNER_STORAGE_KEY = "install_banner";

export const INSTALL_BANNER_OUTCOMES = ["shown", "dismissed", "installed"] as const;
export type InstallBannerOutcome = (typeof INSTALL_BANNER_OUTCOMES)[number];

export interface InstallBannerRecord {
  outcome: InstallBannerOutcome;
  /** When, in milliseconds since the epoch. */
  at: number;
}

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
}

export function isBeforeInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  const candidate = event as Partial<BeforeInstallPromptEvent>;
  return typeof candidate.prompt === "function" && typeof candidate.userChoice?.then === "function";
}

/** The stored record, or null when there is none or it does not have exactly this shape. */
export function parseInstallBannerRecord(raw: string | null): InstallBannerRecord | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const { outcome, at } = value as Record<string, unknown>;
  if (!INSTALL_BANNER_OUTCOMES.includes(outcome as InstallBannerOutcome)) return null;
  if (typeof at !== "number" || !Number.isFinite(at) || at < 0) return null;
  return { outcome: outcome as InstallBannerOutcome, at };
}

export function serializeInstallBannerRecord(outcome: InstallBannerOutcome, at: number): string {
  return JSON.stringify({ outcome, at } satisfies InstallBannerRecord);
}

/** How long the banner still waits when it was offered at `offeredAt`. */
export function bannerDelayLeft(offeredAt: number, now: number): number {
  return Math.min(INSTALL_BANNER_DELAY_MS, Math.max(0, offeredAt + INSTALL_BANNER_DELAY_MS - now));
}

// Other iOS browsers name themselves; in-app views (Facebook, Instagram…) cannot add to the home screen.
const IOS_NOT_SAFARI = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\//;

/**
 * Safari on an iPhone, iPod or iPad: no `beforeinstallprompt` there, only Share, then Add to Home Screen.
 * iPadOS asks for desktop pages and says "Macintosh"; a touch screen tells it apart from a Mac.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPod|iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /AppleWebKit/.test(userAgent) && /Safari\//.test(userAgent) && !IOS_NOT_SAFARI.test(userAgent);
}
