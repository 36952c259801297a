"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { loadCaptcha } from "@/lib/auth/login-flows";

export interface Captcha {
  /** data: URI of the current image; null while the first one loads or when loading failed. */
  image: string | null;
  loading: boolean;
  reload: () => void;
}

/** The register step's captcha for `email`: loaded on mount (step entered), reloaded on demand. */
export function useCaptcha(email: string): Captcha {
  const [image, setImage] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const fetchInto = useCallback(
    (id: number) =>
      loadCaptcha(email).then((next) => {
        if (id !== latest.current) return; // a newer request won
        setImage(next);
        setLoading(false);
      }),
    [email],
  );

  useEffect(() => {
    void fetchInto(++latest.current);
  }, [fetchInto]);

  const reload = useCallback(() => {
    setLoading(true);
    void fetchInto(++latest.current);
  }, [fetchInto]);

  return { image, loading, reload };
}

/** The captcha image as a button: clicking it loads a new one (SPEC §4). */
export function CaptchaImageButton({ captcha }: { captcha: Captcha }) {
  return (
    <button
      type="button"
      aria-label="Reload captcha"
      title="Reload captcha"
      onClick={captcha.reload}
      className="relative grid h-11 w-32 shrink-0 place-items-center overflow-hidden rounded-lg border border-border bg-white text-xs font-medium text-neutral-600 transition-colors outline-none hover:border-muted-foreground/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      {captcha.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data: URI from the captcha call, nothing to optimise
        <img src={captcha.image} alt="" className="h-full w-full object-contain" data-testid="captcha-image" />
      ) : captcha.loading ? null : (
        <span>Tap to load</span>
      )}
      {captcha.loading ? (
        <span className="absolute inset-0 grid place-items-center bg-white/70">
          <Spinner size="sm" label="Loading captcha" />
        </span>
      ) : null}
    </button>
  );
}
