"use client";

import dynamic from "next/dynamic";
import { PendingBillingButtons, SubscribeButton } from "./header-billing-buttons";

// The signed-in entries fetch their data through TanStack Query, which the first load of a page does without: a
// visitor's header (all the server renders) needs no data, and a signed-in user's follows right after hydration.
const SignedInBilling = dynamic(() => import("./signed-in-billing").then((m) => m.SignedInBilling), {
  ssr: false,
  loading: PendingBillingButtons,
});

/**
 * The header's billing entries: the plan state (everyone may look at the plans, SPEC §6) and, when signed in,
 * the coin balance. Each opens its dialog.
 */
export function HeaderBilling({ signedIn }: { signedIn: boolean }) {
  return signedIn ? <SignedInBilling /> : <SubscribeButton active={false} planName="" state="Subscribe" />;
}
