import {
  INSTALL_BANNER_STORAGE_KEY,
  type InstallBannerOutcome,
  isBeforeInstallPromptEvent,
  isIosSafari,
  parseInstallBannerRecord,
  serializeInstallBannerRecord,
} from "@/lib/pwa/install-offer";
import { type InstallOfferKind, useInstallPromptStore } from "@/stores/install-prompt-store";

/** Launched from the home screen or as an installed window. */
export function runningInstalled(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia("(display-mode: standalone)").matches;
}

/** The banner was shown before (or storage is blocked, so "only once" could not be kept: never then). */
function bannerSeen(): boolean {
  try {
    return parseInstallBannerRecord(localStorage.getItem(INSTALL_BANNER_STORAGE_KEY)) !== null;
  } catch {
    return true;
  }
}

export function rememberInstallBanner(outcome: InstallBannerOutcome): void {
  try {
    localStorage.setItem(INSTALL_BANNER_STORAGE_KEY, serializeInstallBannerRecord(outcome, Date.now()));
  } catch {
    // blocked storage: bannerSeen() already answers true
  }
}

function offer(kind: InstallOfferKind): void {
  if (useInstallPromptStore.getState().offer || runningInstalled() || bannerSeen()) return;
  useInstallPromptStore.setState({ offer: { kind, at: Date.now() } });
}

/** Hides the banner for this page load; the record in storage keeps it hidden afterwards. */
export function closeInstallOffer(): void {
  useInstallPromptStore.setState({ offer: null });
}

/**
 * Listens for the browser's install prompt from the first script on (it may fire before React hydrates, so this
 * runs from instrumentation-client.ts) and keeps it for the banner. Chromium's own mini-infobar is always held
 * back: the banner asks once, and the browser's menu and address bar still offer the install.
 */
export function captureInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    if (!isBeforeInstallPromptEvent(event)) return;
    event.preventDefault();
    useInstallPromptStore.setState({ prompt: event });
    offer("prompt");
  });
  window.addEventListener("appinstalled", () => {
    rememberInstallBanner("installed");
    useInstallPromptStore.setState({ prompt: null, offer: null });
  });
  if (isIosSafari(navigator.userAgent, navigator.maxTouchPoints)) offer("ios");
}
