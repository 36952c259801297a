"use client";

import { HeaderBilling } from "@/components/billing/header-billing";
import { SiteHeader } from "@/components/site-header";
import { useClientValue } from "@/components/use-client-value";
import { selectIsLoggedIn, useAuthStore } from "@/stores/auth-store";
import { AccountMenu } from "./account-menu";
import { prefetchAccountDialogs } from "./dialog-loaders";

const prefetchDialogs = () => void prefetchAccountDialogs().catch(() => undefined);

/**
 * The signed-in profile, or null. The session lives in localStorage, so the server and the hydrating render
 * always see "signed out"; the real state follows right after hydration (no mismatch).
 */
export function useSignedInProfile() {
  const hydrated = useClientValue(() => true, false);
  const profile = useAuthStore((s) => (selectIsLoggedIn(s) ? s.profile : null));
  return hydrated ? profile : null;
}

/** The site header with the plan and coin entries, and the account menu in place of "Sign in" once signed in. */
export function SiteHeaderWithAccount() {
  const profile = useSignedInProfile();
  return (
    <SiteHeader
      account={profile ? <AccountMenu profile={profile} /> : undefined}
      billing={<HeaderBilling signedIn={profile !== null} />}
      onSignInIntent={prefetchDialogs}
    />
  );
}
