/** Which limit ran out: no first text in LLM_FIRST_TOKEN_TIMEOUT_MS, or no more text in LLM_IDLE_TIMEOUT_MS. */
export interface ReplyTimeout {
  waitedMs: number;
  hadText: boolean;
}

export interface TextWatch {
  /** A piece of text came: the idle limit starts again. */
  sawText(): void;
  stop(): void;
}

/**
 * The first-token and idle limits of one reply, on one timer per reply (refreshed per piece, not a new timer and
 * promise per piece). onTimeout runs at most once.
 */
export function watchForText(
  limits: { firstTokenMs: number; idleMs: number },
  onTimeout: (timeout: ReplyTimeout) => void,
): TextWatch {
  let hadText = false;
  let stopped = false;
  const expire = () => {
    if (stopped) return;
    stopped = true;
    onTimeout({ waitedMs: hadText ? limits.idleMs : limits.firstTokenMs, hadText });
  };
  let timer = setTimeout(expire, limits.firstTokenMs);
  return {
    sawText() {
      if (stopped) return;
      if (hadText) {
        timer.refresh();
        return;
      }
      hadText = true;
      clearTimeout(timer);
      timer = setTimeout(expire, limits.idleMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
