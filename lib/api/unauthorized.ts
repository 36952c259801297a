/** The 401 hook (SPEC §8): an expired session signs out once, however many requests find out at the same time. */

/** 401s for the same token within this window count as one burst: the handler runs once. */
const UNAUTHORIZED_BURST_MS = 10_000;

let unauthorizedHandler: (() => void) | null = null;
let lastUnauthorized: { token: string; at: number } | null = null;

/** Registers the 401 handler (the app: logout + toast AUTH_EXPIRED_MESSAGE). Resets the burst state. */
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  unauthorizedHandler = fn;
  lastUnauthorized = null;
}

/**
 * Runs the 401 handler once per burst: only when the failed request carried a token (no token means nothing
 * expired), and not again for the same token within UNAUTHORIZED_BURST_MS.
 */
export function notifyUnauthorized(token: string | null): void {
  if (!token) return;
  const now = Date.now();
  if (lastUnauthorized && lastUnauthorized.token === token && now - lastUnauthorized.at < UNAUTHORIZED_BURST_MS) {
    return;
  }
  lastUnauthorized = { token, at: now };
  try {
    unauthorizedHandler?.();
  } catch (error) {
    console.error("unauthorized handler failed", error);
  }
}
