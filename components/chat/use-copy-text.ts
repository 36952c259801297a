"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export type CopyState = "idle" | "copied" | "failed";

/** How long "Copied" (or "Copy failed") shows before the button reads "Copy code" again. */
const FEEDBACK_MS = 2000;

/** Copies text to the clipboard and reports how it went for a moment. */
export function useCopyText(): { state: CopyState; copy: (text: string) => void } {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const copy = useCallback((text: string) => {
    const report = (next: CopyState) => {
      if (!mounted.current) return;
      setState(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState("idle"), FEEDBACK_MS);
    };
    // navigator.clipboard is missing outside secure contexts (a self-hosted site on plain http)
    if (!navigator.clipboard) return report("failed");
    navigator.clipboard.writeText(text).then(
      () => report("copied"),
      () => report("failed"),
    );
  }, []);

  return { state, copy };
}
