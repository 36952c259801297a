"use client";

import { useEffect, useState } from "react";
import { characterNameUsed } from "@/lib/creation/creation-api";
import { CHARACTER_MESSAGES } from "@/lib/validation/character-rules";

/** How long typing must pause before the name is looked up. */
export const NAME_CHECK_DELAY_MS = 500;

/**
 * Whether another character already has this name, looked up once typing pauses: the warning to show, or null.
 * A warning only (the name may still be used); a failed lookup shows nothing.
 */
export function useNameCheck(name: string, excludeId?: number): string | null {
  const trimmed = name.trim();
  const [result, setResult] = useState<{ name: string; used: boolean } | null>(null);
  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      characterNameUsed(trimmed, excludeId, controller.signal).then(
        (used) => setResult({ name: trimmed, used }),
        () => undefined,
      );
    }, NAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, excludeId]);
  return result && result.used && result.name === trimmed ? CHARACTER_MESSAGES.nameUsed : null;
}
