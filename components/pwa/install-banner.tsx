"use client";

import { usePathname } from "next/navigation";
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { strokeIcon } from "@/components/ui/icons";
import { bannerDelayLeft } from "@/lib/pwa/install-offer";
import { type InstallOffer, useInstallPromptStore } from "@/stores/install-prompt-store";
import { closeInstallOffer, rememberInstallBanner } from "./install-prompt";

// Bottom of the window, and bottom right from 640px.
const PLACE = "inset-x-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] sm:inset-x-auto sm:right-6 sm:bottom-6";
const PLACE_BELOW = "inset-x-3 sm:inset-x-auto sm:right-6";

/**
 * The chat page pins its composer to the bottom and its header (balance, model picker) to the top: there the
 * banner goes just below that header, over the oldest messages. Answers the header's bottom edge in pixels, or
 * null on other pages.
 */
function useChatHeaderBottom(): number | null {
  const pathname = usePathname();
  const [bottom, setBottom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const header = document.querySelector("[data-chat-header]");
    const measure = () => setBottom(header ? header.getBoundingClientRect().bottom : null);
    measure();
    if (!header) return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [pathname]);
  return bottom;
}

/**
 * SPEC §2 dialog 6: asks once to install the app, 3 s after the offer arose. With the browser's prompt it offers
 * Install; on iOS Safari it explains Share, then Add to Home Screen. Showing it is remembered at once, so it never
 * comes back; Escape or "Not now" closes it. A labelled region, not a modal: it never takes the focus.
 */
export function InstallBanner({ offer }: { offer: InstallOffer }) {
  // Its code may arrive after the 3 s have passed: then it shows at once, without a timer.
  const [visible, setVisible] = useState(() => bannerDelayLeft(offer.at, Date.now()) === 0);
  const chatHeaderBottom = useChatHeaderBottom();
  const titleId = useId();

  useEffect(() => {
    if (visible) {
      rememberInstallBanner("shown");
      return;
    }
    const timer = setTimeout(() => setVisible(true), bannerDelayLeft(offer.at, Date.now()));
    return () => clearTimeout(timer);
  }, [offer.at, visible]);

  if (!visible) return null;

  function dismiss() {
    rememberInstallBanner("dismissed");
    closeInstallOffer();
  }

  async function install() {
    const prompt = useInstallPromptStore.getState().prompt;
    useInstallPromptStore.setState({ prompt: null });
    closeInstallOffer();
    if (!prompt) return;
    try {
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      rememberInstallBanner(outcome === "accepted" ? "installed" : "dismissed");
    } catch {
      // Used or withdrawn by the browser: the banner has been shown, which is all it remembers.
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") dismiss();
  }

  return (
    <section
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      data-testid="install-banner"
      style={chatHeaderBottom === null ? undefined : { top: chatHeaderBottom + 8 }}
      className={`fixed z-40 rounded-2xl border border-border bg-card p-4 text-foreground shadow-lg motion-safe:animate-fade-in sm:w-96 ${
        chatHeaderBottom === null ? PLACE : PLACE_BELOW
      }`}
    >
      <div className="flex items-start gap-3">
        {/* eslint-disable-next-line @next/next/no-img-element -- a 4 kB icon from public/ */}
        <img src="/icons/icon-192.png" alt="" width={44} height={44} className="size-11 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold">
            Install Kewl
          </h2>
          {offer.kind === "ios" ? (
            <p className="mt-0.5 text-sm text-muted-foreground">
              Tap{" "}
              <span className="inline-flex items-baseline gap-1 font-medium text-foreground">
                <ShareIcon className="size-4 self-center text-primary" />
                Share
              </span>
              , then <span className="font-medium text-foreground">Add to Home Screen</span>.
            </p>
          ) : (
            <p className="mt-0.5 text-sm text-muted-foreground">
              Chat from your home screen or dock, in a window of its own.
            </p>
          )}
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        {offer.kind === "ios" ? (
          <Button size="sm" variant="secondary" onClick={dismiss}>
            Got it
          </Button>
        ) : (
          <>
            <Button size="sm" variant="ghost" onClick={dismiss}>
              Not now
            </Button>
            <Button size="sm" onClick={() => void install()}>
              Install
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

/** Safari's Share glyph: a box with an arrow out of its top. */
function ShareIcon({ className }: { className?: string }) {
  return (
    <svg {...strokeIcon(16)} className={className}>
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2" />
    </svg>
  );
}
