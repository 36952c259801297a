import type { ReactNode } from "react";
import { AccountDialogs } from "@/components/auth/account-dialogs";
import { SiteHeaderWithAccount } from "@/components/auth/header-account";
import { BillingDialogs } from "@/components/billing/billing-dialogs";
import { LazyInstallBanner } from "@/components/pwa/lazy-install-banner";
import { SiteFooter } from "@/components/site-footer";
import { PUBLIC_KEY_META_NAME } from "@/lib/auth/rsa";
import { getPasswordPublicKeyPem } from "@/server/modules/crypto/rsa-keys";

export default async function DefaultLayout({ children }: { children: ReactNode }) {
  // SPEC §5: the register step encrypts with a built-in public key; this is it, rendered into the page.
  const publicKey = await getPasswordPublicKeyPem().catch(() => null);
  return (
    <>
      {publicKey ? <meta name={PUBLIC_KEY_META_NAME} content={publicKey} /> : null}
      <a
        href="#main"
        className="sr-only z-50 rounded bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* A column as tall as the window at least, so a short page's footer sits at the bottom, not above a strip. */}
      <div className="flex min-h-dvh flex-col">
        <SiteHeaderWithAccount />
        <div id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-24 sm:px-6">
          {children}
        </div>
        <SiteFooter />
      </div>
      <AccountDialogs registerPublicKey={publicKey} />
      <BillingDialogs />
      <LazyInstallBanner />
    </>
  );
}
