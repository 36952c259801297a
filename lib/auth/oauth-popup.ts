/**
 * The third-party sign-in popup (SPEC §4): a centred 600x800 window on /v1/oauth/start, and the wait for the
 * return page's message. Opened synchronously from the click so popup blockers allow it.
 */
import { oauthMessageSchema } from "./oauth-message";

const OAUTH_POPUP_NAME = "kewl-oauth";
const OAUTH_POPUP_WIDTH = 600;
const OAUTH_POPUP_HEIGHT = 800;
const CLOSED_POLL_MS = 500;
/**
 * The return page posts its message and closes itself at once; across processes the opener can see `closed`
 * before the message event arrives, so a closed popup fails the attempt only after this grace period.
 */
const CLOSED_GRACE_MS = 1000;

export function openOAuthPopup(): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - OAUTH_POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - OAUTH_POPUP_HEIGHT) / 2));
  const features = `width=${OAUTH_POPUP_WIDTH},height=${OAUTH_POPUP_HEIGHT},left=${left},top=${top},popup=yes`;
  return window.open("/v1/oauth/start", OAUTH_POPUP_NAME, features);
}

export type PopupResult = { ok: true; code: string; isNew: boolean } | { ok: false; reason: string };

/** Resolves with the popup's code, or a failure (error message, or the popup closed without a result). */
export function waitForPopup(popup: Window): Promise<PopupResult> {
  return new Promise((resolve) => {
    let grace: ReturnType<typeof setTimeout> | undefined;
    const finish = (result: PopupResult) => {
      window.removeEventListener("message", onMessage);
      clearInterval(timer);
      clearTimeout(grace);
      resolve(result);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      const parsed = oauthMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      const { code, is_new: isNew, error } = parsed.data;
      finish(code && !error ? { ok: true, code, isNew: isNew === true } : { ok: false, reason: error ?? "no_code" });
    }
    const timer = setInterval(() => {
      if (!popup.closed || grace !== undefined) return;
      clearInterval(timer);
      grace = setTimeout(() => finish({ ok: false, reason: "popup_closed" }), CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
    window.addEventListener("message", onMessage);
  });
}
