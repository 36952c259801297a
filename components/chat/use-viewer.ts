"use client";

import { useSignedInProfile } from "@/components/auth/header-account";
import { useClientValue } from "@/components/use-client-value";

/**
 * Who is looking at the chat. `ready` is false on the server and during hydration, when the session (kept in
 * localStorage) is not known yet: personal requests wait for it, so a signed-in user never fetches as a visitor.
 */
export function useViewer(): { ready: boolean; uid: string | null; name: string | null } {
  const ready = useClientValue(() => true, false);
  const profile = useSignedInProfile();
  return { ready, uid: profile?.uid ?? null, name: profile?.name ?? null };
}
