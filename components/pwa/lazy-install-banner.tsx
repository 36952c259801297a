"use client";

import dynamic from "next/dynamic";
import { useInstallPromptStore } from "@/stores/install-prompt-store";

const InstallBanner = dynamic(() => import("./install-banner").then((m) => m.InstallBanner), { ssr: false });

/**
 * The install banner, kept out of the first-load JavaScript: its code is fetched only when there is something to
 * offer (components/pwa/install-prompt.ts decides). The server render and hydration see no offer.
 */
export function LazyInstallBanner() {
  const offer = useInstallPromptStore((s) => s.offer);
  return offer ? <InstallBanner offer={offer} /> : null;
}
