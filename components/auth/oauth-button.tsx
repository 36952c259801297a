"use client";

import { useEffect, useState } from "react";
import { trackClick } from "@/lib/analytics/click-label";
import { fetchOAuthConfig, type OAuthConfig } from "@/lib/auth/oauth-flow";
import { openOAuthPopup } from "@/lib/auth/oauth-popup";
import { LoadingButton } from "./fields";
import type { LoginFlow } from "./use-login-flow";

/** "Continue with {provider}" below an "or" divider, when the server has third-party sign-in configured. */
export function OAuthButton({ flow }: { flow: LoginFlow }) {
  const [config, setConfig] = useState<OAuthConfig | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchOAuthConfig()
      .then((value) => live && setConfig(value))
      .catch(() => live && setConfig(null));
    return () => {
      live = false;
    };
  }, []);

  if (!config?.enabled) return null;

  function onClick() {
    setError(null);
    // Opened synchronously inside the click, so popup blockers let it through.
    const popup = openOAuthPopup();
    void flow.thirdPartyLogin(popup).then((failure) => setError(failure?.message ?? null));
  }

  return (
    <div className="mt-4 flex flex-col gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <LoadingButton
        type="button"
        variant="secondary"
        loading={flow.loading}
        className="h-11"
        onClick={onClick}
        {...trackClick("login_popup", "oauth")}
      >
        Continue with {config.provider_name}
      </LoadingButton>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
