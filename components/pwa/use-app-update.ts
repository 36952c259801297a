"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type AppUpdates, startAppUpdates } from "@/lib/pwa/app-updates";

/** SPEC §2.5: Later hides the toast for the rest of the browser session. */
const LATER_KEY = "kewl.update-later";

function laterChosen(): boolean {
  try {
    return window.sessionStorage.getItem(LATER_KEY) === "1";
  } catch {
    return false;
  }
}

/** Registers the service worker and says when a newer build is ready ('New Version Available'). */
export function useAppUpdate(): { available: boolean; reload: () => void; later: () => void } {
  const [available, setAvailable] = useState(false);
  const updates = useRef<AppUpdates | null>(null);

  useEffect(() => {
    const started = startAppUpdates(() => {
      if (!laterChosen()) setAvailable(true);
    });
    updates.current = started;
    return () => {
      started.stop();
      updates.current = null;
    };
  }, []);

  const reload = useCallback(() => updates.current?.apply(), []);
  const later = useCallback(() => {
    try {
      window.sessionStorage.setItem(LATER_KEY, "1");
    } catch {
      // storage blocked: hidden for this page only
    }
    setAvailable(false);
  }, []);
  return { available, reload, later };
}
