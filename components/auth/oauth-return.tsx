"use client";

import { useEffect, useSyncExternalStore } from "react";
import { Link } from "@/components/ui/link";
import { OAUTH_MESSAGE_TYPE, type OAuthMessage } from "@/lib/auth/oauth-message";

/** The opener, when it is a window of this site (a cross-origin opener throws on location access). */
function sameOriginOpener(): Window | null {
  try {
    const opener = window.opener as Window | null;
    return opener && opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null;
  }
}

const noSubscription = () => () => {};

/**
 * The OAuth return page's work (SPEC §4): hands the code (or the error) to the opener and closes the popup.
 * Without an opener (the popup became a tab), it only says the sign-in was not completed.
 */
export function OAuthReturn({ code, isNew, error }: { code?: string; isNew?: string; error?: string }) {
  // Server render and hydration: assume an opener; the client snapshot then says whether there is one.
  const orphan = useSyncExternalStore(
    noSubscription,
    () => sameOriginOpener() === null,
    () => false,
  );

  useEffect(() => {
    const opener = sameOriginOpener();
    if (!opener) return;
    const message: OAuthMessage =
      code && !error
        ? { type: OAUTH_MESSAGE_TYPE, code, is_new: isNew === "true" }
        : { type: OAUTH_MESSAGE_TYPE, error: error ?? "no_code" };
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [code, isNew, error]);

  if (!orphan && code && !error) return <h1 className="text-xl font-semibold">Signing you in…</h1>;
  return (
    <>
      <h1 className="text-xl font-semibold">Sign-in was not completed</h1>
      <p className="mt-4">
        <Link href="/" className="underline">
          Go back home
        </Link>
      </p>
    </>
  );
}
