"use client";

import { useEffect } from "react";
import { analyticsQueue } from "@/lib/analytics/analytics-queue";
import { selectIsLoggedIn, useAuthStore } from "@/stores/auth-store";

/** The signed-in user's uid is the login id (nothing else about them is sent); signing out ends it. */
export function useLoginId(): void {
  const uid = useAuthStore((s) => (selectIsLoggedIn(s) ? (s.profile?.uid ?? null) : null));
  useEffect(() => {
    analyticsQueue.send(uid ? { kind: "login", id: uid } : { kind: "logout" });
  }, [uid]);
}
