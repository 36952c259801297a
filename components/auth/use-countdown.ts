"use client";

import { useCallback, useEffect, useState } from "react";

/** SPEC §9: the e-mail code can be resent after 60 seconds. */
export const SEND_CODE_COOLDOWN_SECONDS = 60;

export interface Countdown {
  /** Whole seconds left; 0 when idle. */
  remaining: number;
  running: boolean;
  start: () => void;
}

/**
 * A seconds countdown measured against the clock (a throttled background tab still ends on time).
 * `start()` shows `seconds` at once, then ticks down to 0 once a second.
 */
export function useCountdown(seconds: number = SEND_CODE_COOLDOWN_SECONDS): Countdown {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    setEndsAt(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, [seconds]);

  return { remaining, running: remaining > 0, start };
}
