"use client";

import { useEffect } from "react";
import { analyticsQueue } from "@/lib/analytics/analytics-queue";
import { selectIsLoggedIn, useAuthStore, type AuthState } from "@/stores/auth-store";

const uidOf = (state: AuthState) => (selectIsLoggedIn(state) ? (state.profile?.uid ?? null) : null);

function sendIdentity(uid: string | null): void {
  analyticsQueue.send(uid ? { kind: "login", id: uid } : { kind: "logout" });
}

/**
 * The signed-in user's uid is the login id (nothing else about them is sent); signing out ends it. Read from the
 * store itself, not through the hook: the hydrating render sees the signed-out server state, and the first page
 * view would go out without the login id.
 */
export function useLoginId(): void {
  useEffect(() => {
    let current = uidOf(useAuthStore.getState());
    sendIdentity(current);
    return useAuthStore.subscribe((state) => {
      const next = uidOf(state);
      if (next === current) return;
      current = next;
      sendIdentity(next);
    });
  }, []);
}
