"use client";

import { Button } from "@/components/ui/button";
import { useAppUpdate } from "./use-app-update";

/**
 * SPEC §2.5 'New Version Available': stays until the user picks Reload or Later (unlike the 5 s toasts, so it
 * has its own place and never pushes an ordinary toast out): top on phones, bottom left from 640px.
 */
export function UpdateToast() {
  const { available, reload, later } = useAppUpdate();
  if (!available) return null;
  return (
    <div
      role="status"
      aria-labelledby="update-toast-title"
      className={
        "fixed top-0 right-0 left-0 z-[90] p-4 pt-[max(1rem,env(safe-area-inset-top))] " +
        "sm:top-auto sm:right-auto sm:bottom-0 sm:w-full sm:max-w-sm sm:pt-4 sm:pb-[max(1rem,env(safe-area-inset-bottom))]"
      }
    >
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-4 text-foreground shadow-lg motion-safe:animate-toast-in">
        <div className="grid min-w-0 flex-1 gap-1">
          <p id="update-toast-title" className="text-sm font-semibold">
            New Version Available
          </p>
          <p className="text-sm text-muted-foreground">Reload to use the latest Kewl.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={later}>
            Later
          </Button>
          <Button size="sm" onClick={reload}>
            Reload
          </Button>
        </div>
      </div>
    </div>
  );
}
