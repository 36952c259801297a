"use client";

import type { ReactNode } from "react";
import { TrackNavigation } from "@/components/navigation/track-navigation";
import { LazyAppUpdate } from "@/components/pwa/lazy-app-update";
import { ThemeSync } from "@/components/theme/use-apply-theme";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { configureApiClient } from "@/lib/api/config";
import { setUnauthorizedHandler } from "@/lib/api/unauthorized";
import { AUTH_EXPIRED_MESSAGE } from "@/lib/api/errors";
import { getDeviceId } from "@/lib/device-id";
import { useAuthStore } from "@/stores/auth-store";
import { toast } from "@/stores/toast-store";

// Runs once when the client bundle loads, before any component can issue a request.
configureApiClient({ getToken: () => useAuthStore.getState().token, getDeviceId });
// SPEC §8: a body code 401 ends the session. A late 401 after a logout (no token left) says nothing.
setUnauthorizedHandler(() => {
  const auth = useAuthStore.getState();
  if (!auth.token) return;
  auth.endSession();
  toast({ title: AUTH_EXPIRED_MESSAGE, variant: "destructive" });
});

/** What every page has. TanStack Query is not here: the parts that use it wrap themselves in QueryIsland. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <ThemeSync />
      <TrackNavigation />
      {children}
      <LazyToaster />
      <LazyAppUpdate />
    </>
  );
}
