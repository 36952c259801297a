import { create } from "zustand";
import type { BeforeInstallPromptEvent } from "@/lib/pwa/install-offer";

/** "prompt": the browser's own install prompt is waiting; "ios": Safari on iOS, which needs Share instructions. */
export type InstallOfferKind = "prompt" | "ios";

export interface InstallOffer {
  kind: InstallOfferKind;
  /** When the offer arose (the event, or the page start on iOS), in milliseconds since the epoch. */
  at: number;
}

export interface InstallPromptState {
  /** The browser's deferred `beforeinstallprompt` event; it can prompt once. */
  prompt: BeforeInstallPromptEvent | null;
  /** What the install banner offers on this page load; null when there is nothing to show. */
  offer: InstallOffer | null;
}

/** Filled by components/pwa/install-prompt.ts (before hydration); read by the install banner. Not persisted. */
export const useInstallPromptStore = create<InstallPromptState>()(() => ({ prompt: null, offer: null }));
